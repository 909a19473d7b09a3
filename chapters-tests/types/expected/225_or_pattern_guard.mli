val f : int option * int option -> string
val count : int ref
val g : int option * int option -> string
val h : int list -> int
