(* error: This variant pattern is expected to have type b *)
type a = A | B
type b = A | C
let f x = match x with C -> 1 | B -> 2
