exception Too_big of int
val checker : int -> int -> int
val power : int -> int -> int
val affine : float -> float -> int -> float -> float
val tests : bool array
val guarded : bool -> int -> int
val pow : bool -> int -> int
val series : bool -> int -> float
val captured : bool -> int -> int -> int
val through : bool -> bool -> int -> int * int
