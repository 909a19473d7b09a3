val range : int -> int -> int list -> int list
val compose : ('a -> 'b) -> ('c -> 'a) -> 'c -> 'b
