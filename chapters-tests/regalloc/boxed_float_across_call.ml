(* stage: regalloc opt=0 *)
let g x = x +. 1.0
let f x = let y = x *. 2.0 in g y +. y
