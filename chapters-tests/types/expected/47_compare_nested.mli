type v =
    Nil
  | Leaf of float
  | Pair of v * v
  | Named of string * int64
  | Many of v array
type r = { f : float; s : string; l : int list; }
val sign : int -> int
val c : 'a -> 'a -> unit
val e : bool -> unit
val nl : unit -> unit
