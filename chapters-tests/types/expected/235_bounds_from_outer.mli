val pairs : int array -> int
val pairs_len : int array -> int
val sort : int array -> unit
val triples : int array -> int
val outer_too_far : int array -> int
val inner_too_far : int array -> int
val inner_too_low : int array -> int
val from : int array -> int -> int
val other : int array -> int array -> int
val down : int array -> int
val down_too_low : int array -> int
val attempt : string -> (unit -> int) -> unit
