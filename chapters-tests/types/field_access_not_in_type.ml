(* error: This expression has type p *)
type p = { x : int; y : int }
type q = { x : int; z : int }
let g (r : p) = r.z
