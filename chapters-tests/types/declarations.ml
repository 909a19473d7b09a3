(* stage: typed *)
type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
type point = { mutable x : float; mutable y : float }
type ('k, 'v) table = ('k * 'v) list
and 'v entry = { key : string; value : 'v }
exception Found of int * string
exception Wrapped of (int * string)
let rec size = function Leaf -> 0 | Node (l, _, r) -> size l + 1 + size r
let lookup (t : (string, int) table) k = List.assoc k t
let origin = { x = 0.0; y = 0.0 }
