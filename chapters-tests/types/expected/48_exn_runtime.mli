exception Wrapped of string * exn
exception Code of int
val describe : exn -> string
val nest : int -> (unit -> int) -> int
val probe : string -> (unit -> 'a) -> unit
val arr : int array
val str : string
val classify : int -> string
val first : 'a list -> 'a
