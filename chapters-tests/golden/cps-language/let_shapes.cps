code anon[my_closure_4] n_1 -> k_4 * k_exn_4 =
  let field = %load[0, mut] $const_block in
  let n_2 = n_1 + field in
  apply_cont k_4 n_2

main -> k_done * k_uncaught =
  let symbol $d = "%d"
  and $one = "one"
  and $const_block = block 0 (1, $one) in
  let string_of_int = closures { @string_of_int: string_of_int } in
  let_cont k_stdout stdout =
    let output_string = closures { @output_string: output_string } in
    let print_int = closures { @print_int: print_int } in
    let twice = closures { @twice: twice } in
    let anon = closures { @anon: anon } in
    let_cont k_twice_result twice_result =
      let_cont k_u u = apply_cont k_done 0 in
      apply print_int twice_result -> k_u * k_uncaught
    in
    apply twice anon 40 -> k_twice_result * k_uncaught
  in
  apply[runtime] caml_ml_open_descriptor_out 1 -> k_stdout * k_uncaught
