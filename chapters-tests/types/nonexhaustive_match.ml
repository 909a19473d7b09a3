(* stage: typed *)
(* A non-exhaustive match is not a type error: OCaml warns, and the program raises Match_failure if no case applies. *)
type t = A | B | C of int
let partial = function A -> "A" | C 0 -> "C0"
let head l = match l with x :: _ -> x
let only_some o = let Some v = o in v
