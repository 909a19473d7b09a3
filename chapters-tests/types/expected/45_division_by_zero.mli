val zero : int ref
val attempt : string -> (unit -> string) -> unit
val divide : int -> int -> int
val modulo : int -> int -> int
