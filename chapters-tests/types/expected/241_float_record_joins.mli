type p = { mutable x : float; mutable y : float; }
val saved : p ref
val two_joins : int -> bool -> float
val grow : int -> float
val fresh : int -> p
val use_fresh : int -> float
type v = { a : float; b : float; }
val step : v -> v
val fib : int -> v
