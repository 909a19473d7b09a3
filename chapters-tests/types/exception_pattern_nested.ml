(* error: Exception patterns are not allowed in this position. *)
let f x = match x with Some (exception Not_found) -> 1 | _ -> 2
