(* stage: closures *)
(* A local raise is a jump; a try whose body cannot raise has no handler; a
   call in a try body raises to the handler. *)
let local x = try if x < 0 then raise Exit else x * 2 with Exit -> 0
let cannot_raise x = try x + 1 with Exit -> 0
let guarded f = try f () + 1 with Exit -> 0
