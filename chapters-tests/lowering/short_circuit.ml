(* stage: lambda *)
(* && and || are conditionals; `not`, (=) and friends are primitives,
   specialised at the type of their operands. *)
let both a b = a && b
let either a b = a || not b
let eq_int (a : int) b = a = b
let eq_float (a : float) b = a = b
let eq_string (a : string) b = a < b
let eq_poly a b = a = b
