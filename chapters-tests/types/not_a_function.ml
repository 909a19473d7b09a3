(* error: This expression has type int *)
let x = 3
let y = x 4
