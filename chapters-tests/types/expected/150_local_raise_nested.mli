exception A of int
exception B of string
exception C
val nested : int -> int
val reraise : int -> int
val inner_handler_raises : int -> int
val three_levels : int -> int
val nested_unmatched : unit -> int
