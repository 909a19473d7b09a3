val pl : int list -> unit
val nl : unit -> unit
val attempt : string -> (unit -> unit) -> unit
