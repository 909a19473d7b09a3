(* error: The constructor A expects 2 argument(s), but is applied here to 1 argument(s) *)
type t = A of int * int
let f = function A x -> x
