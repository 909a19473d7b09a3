type t = A | B | C of int
val partial : t -> string
val head : 'a list -> 'a
val only_some : 'a option -> 'a
