val f : unit -> int
val g : unit -> int
val h : int -> int
val k : 'a -> 'a
val make : unit -> (unit -> 'a) * (exn -> bool)
