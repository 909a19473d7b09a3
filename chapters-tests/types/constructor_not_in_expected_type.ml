(* error: This variant expression is expected to have type b *)
type a = A | B
type b = A | C
let m = [A; B]
