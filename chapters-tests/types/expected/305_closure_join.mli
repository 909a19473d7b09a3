val mk : int -> int -> int -> int
val mkf : float -> float -> float
val tests : bool array
val join : bool -> int -> int -> int -> int
val scale : bool -> int -> float
val sum : int -> int
val chain : bool -> bool -> int -> int
