type p = { x : int; y : int; }
type q = { x : int; z : int; }
val g : p -> p
val h : p -> p
val k : q -> q
val v : p
val w : p
val s : p -> int * int
val t : p -> int
val u : q
