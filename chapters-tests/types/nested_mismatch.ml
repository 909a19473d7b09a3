(* error: This expression has type int list but an expression was expected of type string list *)
let g (x : string list) = x
let h (y : int list) = g y
