code collatz[my_closure] n -> k * k_exn =
  let_cont k_exit x steps = apply_cont k steps in
  let_cont rec k_while x_1 steps_1 =
    let test : imm# = x_1 <> 1 in
    let_cont k_do () =
      let_cont k_u u x_2 =
        let steps_2 = steps_1 + 1 in
        apply_cont k_while x_2 steps_2
      in
      let n_1 = x_1 mod 2 in
      let test_1 : imm# = n_1 = 0 in
      let_cont k_then () =
        let x_3 = x_1 / 2 in
        apply_cont k_u 0 x_3
      in
      let_cont k_else () =
        let n_2 = 3 * x_1 in
        let x_4 = n_2 + 1 in
        apply_cont k_u 0 x_4
      in
      switch test_1
      | 0 -> apply_cont k_else ()
      | 1 -> apply_cont k_then ()
    in
    switch test
    | 0 -> apply_cont k_exit x_1 steps_1
    | 1 -> apply_cont k_do ()
  in
  apply_cont k_while n 0

main -> k_done * k_uncaught =
  let collatz = closures { @collatz: collatz } in
  apply_cont k_done 0
