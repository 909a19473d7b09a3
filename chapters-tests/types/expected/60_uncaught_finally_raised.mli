val cleanup_count : int ref
val risky : int -> int
