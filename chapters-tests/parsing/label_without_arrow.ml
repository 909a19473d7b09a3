(* error: a label before a type that is not an arrow *)
let f (g : x:int) = g
