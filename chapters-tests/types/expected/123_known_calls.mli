val norm : float -> float -> float
val fib : int -> float
val sum : float -> float -> int -> float
val mix : int64 -> int64 -> int64
val add32 : int32 -> int32 -> int32
val addn : nativeint -> nativeint -> nativeint
val pick : bool -> float -> float
exception Negative of float
val checked : float -> float
