val show_opt : ('a -> 'b) -> 'a option -> unit
val nl : unit -> unit
