type tree = Empty | Node of tree * tree
val make : int -> tree
val check : tree -> int
