val divmod : int -> int -> int * int
type stats = { count : int; total : int; label : string; }
val summary : int -> string -> stats
val mixed : int -> int * float * string
val cross :
  float * float * float -> float -> float -> float -> float * float * float
