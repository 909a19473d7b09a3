(* error: The type variable 'a occurs inside *)
let f x = x x
