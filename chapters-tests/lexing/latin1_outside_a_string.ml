(* café crème *)
let s = "café"
let x = 1 § 2
