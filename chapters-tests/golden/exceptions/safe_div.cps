code safe_div[my_closure] a b -> k * k_exn =
  let_cont exn k_handler exn =
    let test : imm# = exn == $Division_by_zero in
    let_cont k_else () = apply_cont k_exn exn [pop k_exn] in
    switch test
    | 0 -> apply_cont k_else ()
    | 1 -> apply_cont k 0
  in
  let_cont k_try () =
    let non_zero : imm# = b <> 0 in
    let_cont cold k_div_by_zero () = apply_cont k_handler $Division_by_zero [pop k_handler] in
    let_cont k_ok () =
      let n = a / b in
      apply_cont k n [pop k_handler]
    in
    switch non_zero
    | 0 -> apply_cont k_div_by_zero ()
    | 1 -> apply_cont k_ok ()
  in
  apply_cont k_try () [push k_handler]

main -> k_done * k_uncaught =
  let symbol $Division_by_zero = runtime caml_exn_Division_by_zero in
  let safe_div = closures { @safe_div: safe_div } in
  apply_cont k_done 0
