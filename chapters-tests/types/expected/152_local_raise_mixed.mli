exception E of int
exception F
val may_raise : int -> int
val mixed : int -> int
val through_closure : (int -> int) -> int -> int
val reraise_unmatched : int -> int
val counter : int ref
val with_effects : bool -> int
