(* error: The record field x is not mutable *)
type r = { x : int }
let a = { x = 1 }
let () = a.x <- 2
