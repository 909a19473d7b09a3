exception Pair of int * string
exception Carry of (int -> int)
type info = { code : int; msg : string; }
exception Info of info
val find_index : ('a -> bool) -> 'a array -> int option
val make_thrower : unit -> (unit -> 'a) * ((unit -> 'b) -> string)
val sum_until_zero : int list -> int
