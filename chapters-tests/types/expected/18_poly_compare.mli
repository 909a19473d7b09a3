type t = A | B of int | C of string * t
type r = { name : string; score : int; }
val sign : int -> int
val pc : 'a -> 'a -> unit
val pb : bool -> unit
