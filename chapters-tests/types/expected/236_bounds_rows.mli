val total : int array array -> int
val scale : int array array -> int -> unit
val ftotal : float array array -> int
val shrink : int array array -> int
val replace : int array array -> int -> unit
val shrink_call : int array array -> int
val alias : int array array -> int array array -> int
val first_row : int array array -> int
val row_too_far : int array array -> int
val row_too_low : int array array -> int
val next_row : int array array -> int
val attempt : string -> (unit -> int) -> unit
val jagged : unit -> int array array
val square : unit -> int array array
