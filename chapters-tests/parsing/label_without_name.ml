(* error: a label name after ~ *)
let f ~(1) = 0
