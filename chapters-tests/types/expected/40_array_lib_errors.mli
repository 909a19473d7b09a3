val pa : int array -> unit
val pf : float array -> unit
val nl : unit -> unit
val attempt : string -> (unit -> unit) -> unit
