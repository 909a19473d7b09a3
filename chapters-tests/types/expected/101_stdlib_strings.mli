val pb : bool -> unit
val po : int option -> unit
val show_exn : (unit -> unit) -> unit
