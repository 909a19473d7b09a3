(* error: It is applied to too many arguments (the optional ?x is given twice) *)
let f ?x () = x
let g = f ~x:1 ~x:2 ()
