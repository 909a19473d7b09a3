code safe_div[my_closure_3] a b -> k_3 * k_exn_3 =
  let_cont exn k_handler exn =
    let test : imm# = exn == $Division_by_zero in
    let_cont k_else () = apply_cont k_exn_3 exn [pop k_exn_3] in
    switch test
    | 0 -> apply_cont k_else ()
    | 1 -> apply_cont k_3 0
  in
  let_cont k_try () =
    let non_zero : imm# = b <> 0 in
    let_cont cold k_div_by_zero () = apply_cont k_handler $Division_by_zero [pop k_handler] in
    let_cont k_ok () =
      let n_1 = a / b in
      apply_cont k_3 n_1 [pop k_handler]
    in
    switch non_zero
    | 0 -> apply_cont k_div_by_zero ()
    | 1 -> apply_cont k_ok ()
  in
  apply_cont k_try () [push k_handler]
