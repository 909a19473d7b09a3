val mk : int -> int -> int -> int
val tests : bool array
val saved : (int -> int) ref
val escape_one : bool -> int -> int
val escape_return : bool -> int -> int -> int
val escape_twice : bool -> int -> bool
val in_loop : int -> int * int * bool
val keep : int -> int -> int
