val compose : ('a -> 'b) -> ('c -> 'a) -> 'c -> 'b
val then_ : ('a -> 'b) -> ('b -> 'c) -> 'a -> 'c
val curry : ('a * 'b -> 'c) -> 'a -> 'b -> 'c
val uncurry : ('a -> 'b -> 'c) -> 'a * 'b -> 'c
val flip : ('a -> 'b -> 'c) -> 'b -> 'a -> 'c
val iterate : int -> ('a -> 'a) -> 'a -> 'a
val my_map : ('a -> 'b) -> 'a list -> 'b list
val my_filter : ('a -> bool) -> 'a list -> 'a list
val sum : int list -> int
val lookup : 'a -> ('a * 'b) list -> 'b option
val memo_fib : unit -> (int -> int) * int ref
val pl : int list -> unit
