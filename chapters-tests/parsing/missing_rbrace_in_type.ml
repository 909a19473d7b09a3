type t = { x : int; y : int
let p = { x = 1; y = 2 }
