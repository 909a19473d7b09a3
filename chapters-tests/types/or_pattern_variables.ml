(* error: Variable y must occur on both sides of this | pattern *)
let f = function (x, y) | (x, 1) -> x
