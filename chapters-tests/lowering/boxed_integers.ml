(* stage: lambda *)
(* Boxed integer constants, and the primitives that evaluate their operands
   left to right. *)
let big = 0x1234_5678_9abcL
let small = 42l
let div a b = Int64.div a b
let cmp (a : int32) b = compare a b
let f x y = compare (x + 1) (y * 2)
