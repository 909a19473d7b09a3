val make_counter : unit -> (unit -> int) * (unit -> unit)
val adder : int -> int -> int
val add3 : int -> int -> int -> int
val compose : ('a -> 'b) -> ('c -> 'a) -> 'c -> 'b
val twice : ('a -> 'a) -> 'a -> 'a
val pick : bool -> int -> int -> int
val make_affine : int -> int -> int -> int
