(* error: but an expression was expected of type int option *)
let f ?(x = 1) () = x
let _ = f ?x:2 ()
