type shape = Circle of float | Square of float
type point = { x : int; y : int; }
val area : shape -> float
val twice : int -> int
val scale : int -> point -> point
val norm1 : point -> int
val sum_to : int -> int
val id : 'a -> 'a
