code scale[my_closure_3] x -> k_3 * k_exn_3 =
  let_cont k_u u =
    let n_1 = x * 3 in
    apply_cont k_3 n_1
  in
  apply print_int x -> k_u * k_exn_3
