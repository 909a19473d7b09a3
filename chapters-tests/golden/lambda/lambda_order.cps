code go[my_closure_6] param_1 -> k_6 * k_exn_6 =
  let_cont k_u_1 u_1 =
    let_cont k_u_2 u_2 =
      let_cont k_p p =
        let_cont k_u_3 u_3 =
          let_cont k_u_4 u_4 =
            let t = %block[0] 3 4 in
            let_cont k_u_5 u_5 =
              let field = %load[1, mut] t in
              let field_1 = %load[0, mut] p in
              let n_1 = field_1 + field in
              let_cont k_u_6 u_6 =
                apply print_newline 0 -> k_6 * k_exn_6
              in
              apply print_int n_1 -> k_u_6 * k_exn_6
            in
            apply print_newline 0 -> k_u_5 * k_exn_6
          in
          apply print_string $c -> k_u_4 * k_exn_6
        in
        apply print_string $d_1 -> k_u_3 * k_exn_6
      in
      apply pair 1 2 -> k_p * k_exn_6
    in
    apply print_string $a -> k_u_2 * k_exn_6
  in
  apply print_string $b -> k_u_1 * k_exn_6
