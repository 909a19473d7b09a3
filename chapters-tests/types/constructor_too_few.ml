(* error: The constructor Some expects 1 argument(s), but is applied here to 0 argument(s) *)
let x = Some
