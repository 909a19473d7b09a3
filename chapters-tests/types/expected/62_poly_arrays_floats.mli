type vec = { x : float; y : float; z : float; }
type mvec = { mutable mx : float; mutable my : float; }
val swap : 'a array -> int -> int -> unit
val fill_with : 'a array -> 'a -> unit
val rev_in_place : 'a array -> unit
val make_pair_array : 'a -> 'a array
val first : 'a array -> 'a
val id : 'a -> 'a
val apply : ('a -> 'b) -> 'a -> 'b
val pf : float -> unit
val nl : unit -> unit
