(* error: The type constructor list expects 1 argument(s), but is here applied to 2 argument(s) *)
let x : (int, int) list = []
