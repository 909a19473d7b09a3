val divmod : int -> int -> int * int
val rotate : float -> float -> float * float
val pair_or_raise : int -> int * string
