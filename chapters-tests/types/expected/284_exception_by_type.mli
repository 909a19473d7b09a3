type a = A | B
exception E of int
val f : exn -> int
val describe : a -> string
