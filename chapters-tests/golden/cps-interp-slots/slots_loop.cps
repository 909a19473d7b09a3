code sum_squares[my_closure_4] n_1 -> k_4 * k_exn_4 [@@inline never] =
  let_cont rec k_for i_1 s_1 =
    let n_2 = i_1 * i_1 in
    let s_2 = s_1 + n_2 in
    let last : imm# = i_1 = n_1 in
    let_cont k_next () =
      let i_next = i_1 + 1 in
      apply_cont k_for i_next s_2
    in
    switch last
    | 0 -> apply_cont k_next ()
    | 1 -> apply_cont k_4 s_2
  in
  let enter : imm# = 1 <= n_1 in
  switch enter
  | 0 -> apply_cont k_4 0
  | 1 -> apply_cont k_for 1 0
