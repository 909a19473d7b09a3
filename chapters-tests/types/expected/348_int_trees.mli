val mix64 : int64 -> int64
val mix32 : int32 -> int32
val native : nativeint -> nativeint
val tri : int -> int -> float
