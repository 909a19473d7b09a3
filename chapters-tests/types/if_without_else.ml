(* error: This expression has type int but an expression was expected of type unit *)
let x = if true then 1
