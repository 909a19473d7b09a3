(* error: Unbound constructor Sone *)
let x = Sone 1
