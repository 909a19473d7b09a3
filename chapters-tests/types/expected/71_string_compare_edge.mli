val sign : int -> int
val c : String.t -> String.t -> unit
