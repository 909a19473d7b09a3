exception Stop of int
exception Skip
val classify : ('a -> int) -> 'a -> string
val value_or_payload : (unit -> int option) -> int
val next_of : int -> int -> int
val count : int -> int -> int -> int
val pairs : unit -> int list
val nested : int -> string
val reraise_as_failure : (unit -> 'a) -> 'a
