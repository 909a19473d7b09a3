type r = { mutable x : int; }
val f : r -> unit -> int
type p = { a : int; b : int; }
type box = Box of int
val h : p -> int * int -> box -> int -> int
