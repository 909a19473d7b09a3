code div[my_closure] x y -> k * k_exn =
  let non_zero : imm# = y <> 0 in
  let_cont cold k_div_by_zero () = apply_cont k_exn $Division_by_zero [pop k_exn] in
  let_cont k_ok () =
    let n = x / y in
    apply_cont k n
  in
  switch non_zero
  | 0 -> apply_cont k_div_by_zero ()
  | 1 -> apply_cont k_ok ()

code tenth[my_closure_1] x_1 -> k_1 * k_exn_1 =
  let n_1 = x_1 / 10 in
  apply_cont k_1 n_1
