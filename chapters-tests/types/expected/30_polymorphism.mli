type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
val id : 'a -> 'a
val pair_swap : 'a * 'b -> 'b * 'a
val length : 'a list -> int
val map : ('a -> 'b) -> 'a list -> 'b list
val fold : ('a -> 'b -> 'a) -> 'a -> 'b list -> 'a
val insert : 'a -> 'a tree -> 'a tree
val to_list : 'a tree -> 'a list
val of_list : 'a list -> 'a tree
val max_of : 'a list -> 'a option
val repeat : int -> 'a -> 'a list
val print_list : ('a -> 'b) -> 'a list -> unit
