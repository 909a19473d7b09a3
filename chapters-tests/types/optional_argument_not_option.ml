(* error: an option is expected for ?x: *)
let f ?(x = 1) () = x
let _ = f ?x:2 ()
