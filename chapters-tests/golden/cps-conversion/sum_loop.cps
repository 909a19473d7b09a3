code sum[my_closure] n -> k * k_exn =
  let s = %block[0, mut] 0 in
  let_cont k_exit () =
    let field = %load[0, mut] s in
    apply_cont k field
  in
  let_cont rec k_for i =
    let field_1 = %load[0, mut] s in
    let n_1 = field_1 + i in
    let u = %store[0] s n_1 in
    let last : imm# = i = n in
    let_cont k_next () =
      let i_next = i + 1 in
      apply_cont k_for i_next
    in
    switch last
    | 0 -> apply_cont k_next ()
    | 1 -> apply_cont k_exit ()
  in
  let enter : imm# = 1 <= n in
  switch enter
  | 0 -> apply_cont k_exit ()
  | 1 -> apply_cont k_for 1

main -> k_done * k_uncaught =
  let sum = closures { @sum: sum } in
  apply_cont k_done 0
