type tree = Leaf | Node of tree * int * tree
val make : int -> tree
val check : tree -> int
