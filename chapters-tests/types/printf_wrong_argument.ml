(* error: This expression has type string but an expression was expected of type int *)
let () = Printf.printf "%d\n" "x"
