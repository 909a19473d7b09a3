(* error: This expression has type int but an expression was expected of type string *)
let f x : string = x + 1
