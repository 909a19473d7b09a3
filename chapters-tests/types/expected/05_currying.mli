val f1 : 'a -> 'a
val f2 : int -> int -> int
val f3 : int -> int -> int -> int
val f4 : int -> int -> int -> int -> int
val f5 : int -> int -> int -> int -> int -> int
val f6 : int -> int -> int -> int -> int -> int -> int
val p : int -> unit
val ret_fn : int -> int -> int -> int -> int
