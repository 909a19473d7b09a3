val table : (string * int) list
val get : string -> int
val sum_keys : string list -> int
