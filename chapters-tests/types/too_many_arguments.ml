(* error: This function has type int -> int *)
let f x = x + 1
let y = f 1 2
