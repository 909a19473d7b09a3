val y : int
val x : int
val fact : int -> int
val even : int -> bool
val odd : int -> bool
val fib : int -> int
val f3a : int -> int
val f3b : int -> int
val f3c : int -> int
