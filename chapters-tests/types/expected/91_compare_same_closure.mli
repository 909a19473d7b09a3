val f : int -> int
val g : int -> int
