type p = { mutable a : float; mutable b : float; }
val keep : float list ref
val sum : float -> int -> float
