val safe : int -> int -> int list -> bool
val count : int -> int -> int list -> int
val count_fold : int -> int list -> int -> int
