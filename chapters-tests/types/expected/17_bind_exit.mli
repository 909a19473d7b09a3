exception Return of int
exception Break
exception Found_pos of int * int
val index_of : 'a -> 'a list -> int
val first_dup : 'a array -> (int * int) option
val sum_until_negative : int list -> int
val all_positive : int list -> bool
