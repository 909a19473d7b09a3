(* error: This expression has type float but an expression was expected of type int *)
let () = Printf.printf "%s %*d\n" "w" 2.0 3
