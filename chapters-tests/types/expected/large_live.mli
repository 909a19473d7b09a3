val build : int -> int list -> int list
