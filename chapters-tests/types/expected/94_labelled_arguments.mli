val trace : string -> 'a -> 'a
val sub : x:int -> y:int -> int
val f3 : a:int -> b:int -> int -> int
val minus_five : x:int -> int
val from_hundred : y:int -> int
val area : width:int -> height:int -> int
val norm1 : v:int * int -> int
val greet : ?name:string -> unit -> unit
val step : ?by:int -> int -> int
val range : ?from:int -> ?step:int -> int -> int list
val show : int list -> unit
val add3 : ?a:int -> int -> int -> int
val add3_5 : int -> int
val k : ?a:int -> ?b:int -> int -> int
val kb : ?a:int -> int -> int
val window : lo:int -> ?hi:int -> unit -> int
val apply_labelled : (x:int -> y:int -> int) -> int
val twice : f:('a -> 'a) -> 'a -> 'a
val opt_user : (?step:int -> int -> int) -> int
