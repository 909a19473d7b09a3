type v = { mutable x : float; y : float; }
val mix : int -> int -> int
val wrap : int -> int
val h64 : int64 -> int64
val lt64 : int64 -> int64 -> bool
val step : v -> int -> bool
val nan_cmp : float -> bool
val i32 : int32 -> int32
val native : nativeint -> nativeint
val div : int -> int -> int
