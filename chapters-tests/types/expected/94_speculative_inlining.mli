val describe : int -> string
val length : 'a list -> int
exception Bad of int
val check : int -> int -> int
val apply_shape : (int * int) option -> int -> int
