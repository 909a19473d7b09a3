val count : int ref
val f : int -> int
val zero : unit -> int
val table : int array
val find : int -> int
val probe_out_of_bounds : int -> bool
