exception Stop
exception Hit of int
val table : int array
val floats : float array
val words : string array
val probe : int -> int
val at : int -> int
val sort : int -> int
