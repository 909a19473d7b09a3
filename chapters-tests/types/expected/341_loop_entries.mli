val pair : int -> float * float
val sum64 : int -> int64 -> int64
val last_or : 'a array -> 'a -> 'a
val halves : float list ref -> float -> float
