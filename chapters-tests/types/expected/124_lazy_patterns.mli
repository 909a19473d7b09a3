val l : int lazy_t
val m : int option lazy_t
val f : int option lazy_t -> int
val g : int lazy_t * int lazy_t -> string
val h : int lazy_t -> int
val k : (int * int) Lazy.t -> int
val delay : 'a lazy_t -> unit -> 'a
val r : 'a lazy_t
