val add : int * int -> int
val swap_sum : int * int -> int -> int
val same : int * int -> int -> int
type point = { px : int; py : float; }
val shift : point -> float
type cell = { mutable count : int; step : int; }
val peek : cell -> int
val make_adder : int * int -> int -> int
val swap : 'a * 'b -> 'b * 'a
val first_of : 'a * 'b -> 'a
val checked : int * int -> int
type big = {
  f1 : int;
  f2 : int;
  f3 : int;
  f4 : int;
  f5 : int;
  f6 : int;
  f7 : int;
  f8 : int;
  f9 : int;
}
val sum_big : big -> int
