(* error: The record field b belongs to the type u but is mixed here with fields of type t *)
type t = { a : int }
type u = { b : int }
let x = { a = 1; b = 2 }
