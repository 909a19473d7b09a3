(* error: a labelled function is not an unlabelled one *)
let sub ~x ~y = x - y
let apply (g : int -> int -> int) = g 1 2
let _ = apply sub
