(* stage: mach opt=0 *)
(* A float comparison in a condition: a compare-and-branch on xmm
   registers, with no boolean computed. *)
let fmax ((x : float), y) = if x < y then y else x
