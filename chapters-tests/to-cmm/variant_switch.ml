(* stage: cmm opt=0 *)
(* A match on constant and non-constant constructors: a test of the
   immediate bit, then a switch on the constant or on the block's tag. *)
type shape = Empty | Unit | Circle of int | Rect of int * int

let area s =
  match s with
  | Empty -> 0
  | Unit -> 1
  | Circle r -> 3 * r * r
  | Rect (w, h) -> w * h
