(* error: but an expression was expected of type int -> int -> int *)
let sub ~x ~y = x - y
let apply (g : int -> int -> int) = g 1 2
let _ = apply sub
