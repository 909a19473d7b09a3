(* error: but its first argument is not labelled *)
let f (g : x:int -> int) = g ~x:1
let _ = f (fun y -> y)
