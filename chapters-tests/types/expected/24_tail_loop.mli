val loop : int -> int -> int
val ping : int -> int -> int
val pong : int -> int -> int
val apply_until : ('a -> 'a) -> int -> 'a -> 'a
val many : int -> int -> int -> int -> int -> int -> int -> int
val even_list : 'a list -> bool
val odd_list : 'a list -> bool
