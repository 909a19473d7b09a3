val down : int -> int
val down_float : float -> float
val build_list : int -> int list
val finally_runs : int ref
val attempt : string -> (unit -> 'a) -> unit
