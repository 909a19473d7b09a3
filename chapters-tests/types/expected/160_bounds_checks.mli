val attempt : string -> (unit -> int) -> unit
val sum : int array -> int
val sum_from : int -> int array -> int
val one_too_far : int array -> int
val shifted : int array -> int
val shifted_back : int array -> int
val other_array : 'a array -> int array -> int
val down : int array -> int
val down_too_far : int array -> int
val down_from_length : int array -> int
val modified : int array -> int
val while_loop : int array -> int
val guarded : int array -> int -> int
val guarded_wrong : int array -> int -> int
val twice : int array -> int -> int
val copy : int array -> int array
val copy_short : int array -> int
val count_a : string -> int
val count_a_too_far : string -> int
val fill_bytes : int -> int
val matrix : int array array -> int
val matrix_wrong : int array array -> int
val floats : float array -> int
