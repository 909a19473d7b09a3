type a = A | B
type b = A | C
val f : a -> int
val g : a
val h : a -> a
val i : a
type c = K of a
val j : c
val k : a
val l : a -> string
val m : a list
val n : a list
val o : int
val p : a -> int
val q : b * b
val show_a : a -> string
val show_b : b -> string
