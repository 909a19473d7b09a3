(* error: This expression has type string but an expression was expected of type int *)
let f g = match g () with Some n when n > 0 -> n + 1 | Some n | exception (Failure n) -> n | None -> 0
