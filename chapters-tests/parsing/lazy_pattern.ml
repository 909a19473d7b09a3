(* stage: ast *)
let f x = match x with lazy 0 -> true | _ -> false
