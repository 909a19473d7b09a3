(* stage: regalloc opt=0 *)
(* Two handlers, one inside the other: blocks with trap depth 2, and the
   values both handlers need kept in slots across the calls they protect. *)
let g (f, x, y) =
  try (try f x with Not_found -> y) + f y with _ -> x
