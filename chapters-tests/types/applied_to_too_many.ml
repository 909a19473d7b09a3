(* error: It is applied to too many arguments *)
let f x = x + 1
let _ = f 1 2
