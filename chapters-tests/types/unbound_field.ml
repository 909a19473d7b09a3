(* error: Unbound record field b *)
type t = { a : int }
let f r = r.b
