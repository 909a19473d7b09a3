(* stage: regalloc opt=0 *)
(* Several values live across one call: three slots, all in the call's
   descriptor. At the allocation that follows, the call's result stays in
   a register and is listed as a register root. *)
let h (f, a, b, c) =
  let r = f a in
  (r, a, b, c)
