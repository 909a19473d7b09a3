(* stage: lambda *)
(* Constant constructors are the immediates 0, 1, ... and constructors with
   arguments blocks with tags 0, 1, ..., each kind numbered in declaration
   order. A constructor with constant arguments is a structured constant. *)
type t = A | B of int | C | D of string * int | E
let values x = [A; B x; C; D ("d", x); E; B 7]
let rank = function A -> 0 | B _ -> 1 | C -> 2 | D _ -> 3 | E -> 4
