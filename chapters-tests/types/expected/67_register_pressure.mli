val opaque : int -> int
val alloc : int -> int list
val pressure : int -> int * float * string * string
val chain : int -> int -> int
