val trace : Buffer.t
val get3 : int array -> int -> int -> int -> int
val mixed : int array -> string -> Bytes.t -> int -> int
val inner : int array -> int -> int -> int
val loop_sum : int array -> int -> int
val attempt : string -> (unit -> int) -> unit
