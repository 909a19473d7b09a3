code make_adder[my_closure] n -> k * k_exn =
  let twice = 2 * n in
  let anon = closures { @anon: anon } in
  apply_cont k anon

code anon[my_closure_1] x -> k_1 * k_exn_1 =
  let n_1 = x + twice in
  apply_cont k_1 n_1

main -> k_done * k_uncaught =
  let make_adder = closures { @make_adder: make_adder } in
  apply_cont k_done 0
