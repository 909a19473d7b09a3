exception Found of int
exception Depth of int * string
val unwound : int ref
val log : int list ref
val search : int -> int -> int
val layered : int -> int
val protected : int -> int
val sum_until_neg : int list -> int
