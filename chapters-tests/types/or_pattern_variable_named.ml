(* error: Variable x must occur on both sides of this | pattern *)
(* OCaml names the smaller of the first two names that differ, sorted *)
let f = function (0, y) | (x, 0) -> y | _ -> 0
