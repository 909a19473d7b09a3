val safe_div : int -> int -> int option
val find : ('a -> bool) -> 'a list -> 'a option
val value_or : 'a -> 'a option -> 'a
val bind : 'a option -> ('a -> 'b option) -> 'b option
val show : int option -> string
