val pairs : int array -> int
val triangle : int array -> int
val down : int array -> int
val far_outer : int array -> int
val low_inner : int array -> int
val other : int array -> int array -> int
val from : int array -> int -> int
val matrix : int -> int
val attempt : string -> (unit -> int) -> unit
