(* error: unclosed default *)
let f ?(x = 1 () = x
