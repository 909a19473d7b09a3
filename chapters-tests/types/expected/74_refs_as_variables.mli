val collatz : int -> int
val sum_squares : int -> float
val classify : int list -> int
val find_first : ('a -> bool) -> 'a array -> int
val retries : (int -> unit) -> int * int
val word_kind : string -> int
val nested : int -> int
val fib : int -> int
val counter : unit -> unit -> int
