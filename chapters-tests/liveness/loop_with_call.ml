(* stage: regalloc opt=0 *)
(* A recursive function that calls a closure before its tail call: f, acc
   and n are live across the call, so each has a slot and the call's
   descriptor lists all three (acc and n hold integers; listing them is
   harmless). *)
let rec count f acc n = if n = 0 then acc else count f (acc + f n) (n - 1)
