(* error: This pattern matches values of type int but a pattern was expected which matches values of type exn *)
let f g = match g () with 0 -> 1 | exception 3 -> 2 | _ -> 3
