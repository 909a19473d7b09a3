(* error: This pattern matches values of type string *)
let f (x : int) = match x with 1 | "a" -> 0 | _ -> 1
