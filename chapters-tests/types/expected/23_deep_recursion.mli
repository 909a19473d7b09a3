val sum_to : int -> int
val build : int -> int list
val my_map : ('a -> 'b) -> 'a list -> 'b list
val my_append : 'a list -> 'a list -> 'a list
type tree = Leaf | Node of tree * int * tree
val spine : int -> tree
val tsum : tree -> int
val tdepth : tree -> int
val ack : int -> int -> int
