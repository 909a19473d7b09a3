(* error: This variant pattern is expected to have type exn *)
type a = A | B
let f (x : exn) = match x with A -> 1 | _ -> 2
