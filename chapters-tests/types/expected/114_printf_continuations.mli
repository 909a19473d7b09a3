val count : int ref
val next : unit -> int
