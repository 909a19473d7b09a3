val greeting : string
val double : int -> int
val total : int
val seq_value : int
val counter : int ref
