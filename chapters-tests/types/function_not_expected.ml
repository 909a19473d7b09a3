(* error: This expression should not be a function, the expected type is int *)
let x : int = fun y -> y
