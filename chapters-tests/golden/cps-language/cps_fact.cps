code fact[my_closure_3] n_1 -> k_3 * k_exn_3 =
  let test : imm# = n_1 = 0 in
  let_cont k_else () =
    let n_2 = n_1 - 1 in
    let_cont k_fact_result fact_result =
      let n_3 = n_1 * fact_result in
      apply_cont k_3 n_3
    in
    apply fact n_2 -> k_fact_result * k_exn_3
  in
  switch test
  | 0 -> apply_cont k_else ()
  | 1 -> apply_cont k_3 1
