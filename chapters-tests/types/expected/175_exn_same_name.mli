exception Found of int
val first_negative : int array -> int
val probe : int array -> int -> int
val mem_exit : int array -> int -> bool
val look : int -> int
val two : int -> int
val depth : int -> int
val local_catch : int -> int
val same : float -> bool
val phys : float -> float -> bool
val nsame : 'a -> bool
