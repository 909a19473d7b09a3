(* error: Only variables are allowed as left-hand side of `let rec' *)
let rec (a, b) = (1, 2)
