code by_int[my_closure] a b -> k * k_exn =
  let c : imm# = %compare a b in
  let n = %tag c in
  apply_cont k n

code by_string[my_closure_1] a_1 b_1 -> k_1 * k_exn_1 =
  apply[runtime] caml_string_lessthan a_1 b_1 -> k_1 * k_exn_1

code by_any[my_closure_2] a_2 b_2 -> k_2 * k_exn_2 =
  apply[runtime] caml_equal a_2 b_2 -> k_2 * k_exn_2
