exception Done of int
val step : int -> int
