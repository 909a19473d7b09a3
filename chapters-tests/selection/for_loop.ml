(* stage: mach opt=0 *)
(* A for loop: a recursive catch, whose blocks are one loop level deep; the
   reference is still allocated, since no Simplify removes it yet. *)
let sum_to n = let s = ref 0 in for i = 1 to n do s := !s + i done; !s
