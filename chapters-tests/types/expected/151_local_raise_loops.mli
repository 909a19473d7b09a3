exception Found of int
exception Skip
exception Stop of int * string
val find_index : 'a array -> 'a -> int
val find_generic : 'a array -> 'a -> int
val sum_odd : int -> int
val while_stop : int -> int * string
val safe_get : int array -> int -> int
val safe_div : int -> int -> int
val nested_loops : 'a array array -> 'a -> int option
