val check : int -> int
