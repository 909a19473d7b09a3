val g : int -> int -> int * string
val h : int -> int * string
