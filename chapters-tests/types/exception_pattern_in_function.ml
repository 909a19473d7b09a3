(* error: Exception patterns are not allowed in this position. *)
let f = function
  | exception Not_found -> 0
  | x -> x
