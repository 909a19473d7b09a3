exception Stop of int
val attempt : string -> (unit -> unit) -> unit
