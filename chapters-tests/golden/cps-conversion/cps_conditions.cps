code smaller[my_closure] x y -> k * k_exn =
  let test : imm# = x < y in
  switch test
  | 0 -> apply_cont k y
  | 1 -> apply_cont k x

code is_small[my_closure_1] x_1 -> k_1 * k_exn_1 =
  let test_1 : imm# = x_1 < 10 in
  let n = %tag test_1 in
  apply_cont k_1 n
