(* error: Unbound type constructor lst *)
let x : lst = []
