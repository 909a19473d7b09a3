code map[my_closure] f param -> k * k_exn =
  let is_true : imm# = param != 0 in
  let_cont k_then () =
    let field0 = %load[0, mut] param in
    let field1 = %load[1, mut] param in
    let_cont k_map_result map_result =
      let_cont k_f_result f_result =
        let block = %block[0] f_result map_result in
        apply_cont k block
      in
      apply f field0 -> k_f_result * k_exn
    in
    apply map f field1 -> k_map_result * k_exn
  in
  switch is_true
  | 0 -> apply_cont k 0
  | 1 -> apply_cont k_then ()

main -> k_done * k_uncaught =
  let map = closures { @map: map } in
  apply_cont k_done 0
