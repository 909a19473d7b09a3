type point = { mutable x : float; mutable y : float; }
val swap_read : point -> float
val captured : point -> float -> float
val across_call : point -> float
val chain : float -> float
val reflect : point -> unit
val integrate : point -> int -> unit
