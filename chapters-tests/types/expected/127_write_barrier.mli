type cell = { mutable items : int list; id : int; }
val churn : int -> int
val sum : int list -> int
