code check[my_closure] x -> k * k_exn =
  let_cont exn k_handler exn =
    let test : imm# = exn == $Not_found in
    let_cont k_else () = apply_cont k_exn exn [pop k_exn] in
    switch test
    | 0 -> apply_cont k_else ()
    | 1 -> apply_cont k 0
  in
  let_cont k_try () =
    let test_1 : imm# = x < 0 in
    let_cont k_then () = apply_cont k_handler $Not_found [pop k_handler] in
    let_cont k_else_1 () = apply_cont k x [pop k_handler] in
    switch test_1
    | 0 -> apply_cont k_else_1 ()
    | 1 -> apply_cont k_then ()
  in
  apply_cont k_try () [push k_handler]

main -> k_done * k_uncaught =
  let symbol $Not_found = runtime caml_exn_Not_found in
  let check = closures { @check: check } in
  apply_cont k_done 0
