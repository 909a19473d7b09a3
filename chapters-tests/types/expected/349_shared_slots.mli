val swap : 'a -> 'a -> int -> 'a * 'a
val fib : int -> int
val twice : int -> int
val live_across : int -> int
val nested : int -> int
val rotate3 : int -> int
val float_loop : int -> float
val find_first : ('a -> bool) -> 'a array -> int
val int64_loop : int -> int64 * int64
