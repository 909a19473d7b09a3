(* stage: mach opt=0 *)
(* A match on a type with constant and non-constant constructors: a test of
   the tag bit, then a binary search over the constant cases' ranges and a
   load of the block's tag. *)
type t = A | B | C | D of int | E of int
let f x = match x with A -> 1 | B -> 2 | C -> 1 | D n -> n | E n -> n + 1
