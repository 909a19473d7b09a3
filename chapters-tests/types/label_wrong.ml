(* error: This argument cannot be applied with label ~z *)
let f ~x y = x + y
let _ = f ~z:1 2
