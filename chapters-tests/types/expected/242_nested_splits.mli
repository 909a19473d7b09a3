val walk : int -> (float * float) * int -> float
val deep : int -> ((int * int) * int) * int -> int
val opt : int -> int -> (int * int) option -> int
val last : (int * int) ref
val keep : int -> (int * int) * int -> int
val shared : int * int
val same : int -> (int * int) * int -> bool
