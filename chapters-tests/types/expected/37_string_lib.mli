val show : string -> unit
val sign : int -> int
val try_str : string -> (unit -> string) -> unit
