val pf : float -> unit
val pb : bool -> unit
