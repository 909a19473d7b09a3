(* error: contains type variables that cannot be generalized *)
let f ~x ~z:(a, b) () = x + 0
let o = f ~x:1 ()
