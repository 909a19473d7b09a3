val descend : int -> int
