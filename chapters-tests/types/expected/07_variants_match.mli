type color = Red | Green | Blue | Rgb of int * int * int
type shape = Circle of int | Rect of int * int | Group of shape list
type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
val color_name : color -> string
val area : shape -> int
val classify : int -> string
val char_kind : char -> string
val insert : 'a -> 'a tree -> 'a tree
val inorder : 'a tree -> 'a list
val depth : 'a tree -> int
val describe_list : 'a list -> string
