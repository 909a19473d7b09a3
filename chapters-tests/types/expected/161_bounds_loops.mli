val attempt : string -> (unit -> int) -> unit
val swap_array : int array -> int
val wrap : int array -> int
val wrap2 : int array -> int
val big_offset : int array -> int
val inner : int array -> int
val inner_wrong : int array -> int
val cond_loop : int array -> int -> int
val cond_loop_wrong : int array -> int -> int
val dec_while : int array -> int
val dec_while_wrong : int array -> int
val step2 : int array -> int
val step2_wrong : int array -> int
val sub : int array -> int
val bool_join : int array -> int -> int
