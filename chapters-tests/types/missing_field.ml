(* error: Some record fields are undefined: y *)
type r = { x : int; y : int }
let a = { x = 1 }
