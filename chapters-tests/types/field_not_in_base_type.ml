(* error: This record expression is expected to have type p *)
type p = { x : int; y : int }
type q = { x : int; z : int }
let g (r : p) = { r with z = 1 }
