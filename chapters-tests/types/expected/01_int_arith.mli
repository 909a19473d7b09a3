val show : string -> int -> unit
val div : int -> int -> int
val rem : int -> int -> int
val safe_div : int -> int -> int
val safe_mod : int -> int -> int
