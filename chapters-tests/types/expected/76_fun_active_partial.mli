val g : 'a option -> unit -> 'a
val k : int -> 'a -> 'a
val pairs : int list * int -> int -> int
