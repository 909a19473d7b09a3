exception Found of int
exception Too_deep of int
val dive : int -> int -> int
val find_first : ('a -> bool) -> 'a array -> int
val search_tree : int -> int -> unit
val counter : int ref
val handler_per_level : int -> 'a
val level3 : int -> int
val level2 : int -> int
val level1 : int -> int
