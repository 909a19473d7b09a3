val fib_pair : int -> int * int
val go : int -> int -> int -> int * int
val start : int -> int * int
val checked_div : int -> int -> int * int
val minmax : float list -> float * float
val pair_with : 'a -> 'b -> 'a * 'b
val apply_twice : ('a -> 'a) -> 'a -> 'a
