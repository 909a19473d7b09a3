val print_string : string -> unit
module List : sig val length : 'a -> int end
val n : int
val own : int
val sum : int
val r : int ref
val cell : int ref
val read : int ref -> int
val s : String.t
val ok : (int, string) result
val safe_find : (int * int) list -> int
val classify : exn -> string
module L = List
module S = Stdlib
val evens : int list
val m : int
