val f : int -> int
val g : int -> int
val count : int -> int
val nested : int -> int * int
val until_exit : int -> int
val deep : int -> int -> int
