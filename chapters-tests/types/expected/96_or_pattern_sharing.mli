type t = A | B | C
type u = P of int | Q of int * int | R
val classify :
  t * t * t * t * t * t * t * t * t * t * t * t * t * t * t * t -> string
val name : t -> string
val f : u * u -> int
val g : t -> t -> int
