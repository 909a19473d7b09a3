type tok = Int of int | Op of char | Ident of string | Paren of tok list
type pt = { px : int; py : int; }
val guard_calls : int ref
val g : 'a -> 'a
val classify : tok -> string
val pair_kind : int * int -> string
val strings : string -> int
val floats : float -> string
val int64s : int64 -> string
val compress : 'a list -> 'a list
val quadrant : pt -> int
val partial : tok option -> int
