code count_down[my_closure_3] n_1 -> k_3 * k_exn_3 =
  let_cont rec k_while i_1 =
    let test : imm# = i_1 > 0 in
    let_cont k_do () =
      let_cont k_u u =
        let i_2 = i_1 + -1 in
        apply_cont k_while i_2
      in
      apply print_int i_1 -> k_u * k_exn_3
    in
    switch test
    | 0 -> apply_cont k_3 i_1
    | 1 -> apply_cont k_do ()
  in
  apply_cont k_while n_1
