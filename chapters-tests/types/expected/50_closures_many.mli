val apply_unknown : (int -> int -> int -> int) -> int -> int -> int
val twice : ('a -> 'a) -> 'a -> 'a
val compose : ('a -> 'b) -> ('c -> 'a) -> 'c -> 'b
val pick : bool -> int -> int -> int
val make_adder3 : int -> int -> int -> int
val over : (int -> int -> int) -> int -> int -> int
