val pl : int list -> unit
val pa : int array -> unit
val po : int option -> unit
val pb : bool -> unit
val show_exn : (unit -> unit) -> unit
