type t = A | B | C of int | D of int * string
val pick : int -> int -> int
val keep : bool -> 'a -> 'a option list -> 'a option list
val walk : int -> float * float -> float
val next : int -> int option
val go : int -> int option -> int
val length : int -> 'a list -> int
type cell = { mutable count : int; step : int; }
val bump : int -> cell -> int
