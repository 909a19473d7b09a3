val show : bytes -> unit
val line : unit -> unit
val check : string -> (unit -> 'a) -> unit
