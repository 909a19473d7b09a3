(* error: This expression has type int but an expression was expected of type string *)
let x = (1 : string)
