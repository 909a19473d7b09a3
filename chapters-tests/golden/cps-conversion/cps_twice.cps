code twice[my_closure] f x -> k * k_exn =
  let_cont k_f_result f_result =
    apply f f_result -> k * k_exn
  in
  apply f x -> k_f_result * k_exn
