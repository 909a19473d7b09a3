exception Found of int
exception Pair of int * int
exception Skip
exception Other of string
val classify : int -> int
val first_negative : int array -> int
val guarded : int -> int
val nested : int -> int
val counted : int ref
val in_loop : int -> int
val escapes : int -> int
