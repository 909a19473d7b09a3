type t = int
let make x = x
