val trace : string list ref
val note : string -> unit
val answer : int lazy_t
exception Boom of int
val self_ref : int Lazy.t
type 'a stream = Nil | Cons of 'a * 'a stream Lazy.t
val from : int -> int stream
val take : int -> 'a stream -> 'a list
val filter : ('a -> bool) -> 'a stream -> 'a stream
