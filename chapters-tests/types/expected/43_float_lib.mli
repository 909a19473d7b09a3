val p : float -> unit
val nl : unit -> unit
val b : bool -> unit
