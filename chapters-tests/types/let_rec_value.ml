(* error: This kind of expression is not allowed as right-hand side of `let rec' *)
let rec x = x + 1
