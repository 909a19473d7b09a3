type r = { a : int; b : int; c : int; }
type t = K of int * int * int
val log : string list ref
val t : string -> 'a -> 'a
val flush_log : string -> unit
val f3 : int -> int -> int -> int
val g : (int -> int -> int -> int) ref
