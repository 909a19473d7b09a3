(* error: The constructor None expects 0 argument(s), but is applied here to 1 argument(s) *)
let x = None 1
