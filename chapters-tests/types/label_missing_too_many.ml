(* error: This argument cannot be applied without label *)
let f ~x y = x + y
let _ = f 1 2 3
