(* error: Variable x is bound several times in this matching *)
let f = function (x, x) -> x
