val pl : int list -> unit
val range : int -> int -> int list
