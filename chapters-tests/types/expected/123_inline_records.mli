type shape =
    Circle of { r : float; }
  | Rect of { w : float; mutable h : float; }
  | Point
type 'a tree = Leaf | Node of { left : 'a tree; v : 'a; right : 'a tree; }
type counter = Counter of { name : string; mutable count : int; }
val area : shape -> float
val stretch : shape -> unit
val insert : 'a -> 'a tree -> 'a tree
val fold : ('a -> 'b -> 'a) -> 'a -> 'b tree -> 'a
val depth : 'a tree -> int
val bump : counter -> unit
val same : 'a tree -> 'a tree
val describe : shape -> string
type ring = Stop | Link of { next : ring; label : int; }
val loop : ring
