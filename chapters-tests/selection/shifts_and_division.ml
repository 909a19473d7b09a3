(* stage: mach opt=0 *)
(* A shift left by a constant and a multiplication by 8, both folded into
   leas with a scaled index; a shift by a variable, with the count in rcx;
   and the remainder, taken from rdx after idiv. *)
let f (x, n) = ((x lsl 3) lsr n) + (x * 8) + (x mod n)
