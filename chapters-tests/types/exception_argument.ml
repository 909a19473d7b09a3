(* error: This expression has type string but an expression was expected of type int *)
exception E of int
let () = raise (E "x")
