code both[my_closure] g h a b -> k * k_exn =
  let_cont k_h_result h_result =
    let_cont k_h_result_1 h_result_1 =
      apply g h_result_1 h_result -> k * k_exn
    in
    apply h a -> k_h_result_1 * k_exn
  in
  apply h b -> k_h_result * k_exn
