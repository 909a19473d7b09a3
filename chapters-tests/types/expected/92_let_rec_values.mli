val ones : int list
type t = { name : string; next : t; }
val a : t
val b : t
type node = N of int * node
val p : node
val q : node
val f : int -> int
val evens : int list
val odds : int list
val value : node -> int
val next : node -> node
