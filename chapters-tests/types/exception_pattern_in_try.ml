(* error: Exception patterns are not allowed in this position. *)
let x = try int_of_string "1" with exception Not_found -> 2
