val trace : string -> 'a -> 'a
val pb : bool -> unit
