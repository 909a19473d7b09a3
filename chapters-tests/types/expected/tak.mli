val tak : int -> int -> int -> int
val ack : int -> int -> int
val fib : int -> int
