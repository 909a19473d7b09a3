val average_tail : int list -> int -> int
