val opt : ('a -> unit) -> 'a option -> unit
