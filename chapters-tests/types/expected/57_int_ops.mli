val p : int -> unit
val nl : unit -> unit
