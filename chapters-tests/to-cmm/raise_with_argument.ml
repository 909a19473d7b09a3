(* stage: cmm opt=0 *)
(* An exception with an argument is allocated, raised to the pushed
   handler, and its argument read back in the handler. *)
exception Found of int

let find_first (a, b) =
  try if a > 0 then raise (Found a) else if b > 0 then raise (Found b) else 0
  with Found x -> x
