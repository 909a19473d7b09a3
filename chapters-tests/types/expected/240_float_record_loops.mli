type c = { re : float; im : float; }
val mul : c -> c -> c
val add : c -> c -> c
val norm2 : c -> float
val rotate : int -> c
val escape : c -> int
type m = { mutable a : float; mutable b : float; }
val written : bool -> float
val aliased : bool -> float
val pick : bool -> c -> c
val kept : c list ref
val make : int -> c
