exception Oops
exception Code of int
exception Pair of string * int
exception Wrapped of exn
val risky : int -> int
val describe : int -> string
