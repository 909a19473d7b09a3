(* error: This kind of expression is not allowed as right-hand side of `let rec' *)
(* The value being defined is read (by List.length) before it exists. *)
let rec l = List.length l :: []
