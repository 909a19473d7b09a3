val count : int ref
val sum_to : int -> int
