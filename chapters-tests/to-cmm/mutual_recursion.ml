(* stage: cmm opt=0 *)
(* Two functions in one set of closures: one static block, two function
   slots, each closure reaching the other by an offset from itself. *)
let rec even n = if n = 0 then true else odd (n - 1)
and odd n = if n = 0 then false else even (n - 1)
