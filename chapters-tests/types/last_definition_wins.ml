(* stage: typed *)
type a = { name : string; size : int }
type b = { name : string; weight : float }
let f r = r.name
let g (r : a) = r.name
let mk = { name = "x"; weight = 1.0 }
