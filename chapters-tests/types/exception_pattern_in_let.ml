(* error: Exception patterns are not allowed in this position. *)
let (exception Exit) = ()
