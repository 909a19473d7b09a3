(* error: The constructor A expects 2 argument(s), but is applied here to 3 argument(s) *)
type t = A of int * int
let x = A (1, 2, 3)
