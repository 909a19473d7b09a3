val k64 : int64
val k32 : int32
val mix64 : int64 -> int64 -> int64
val mix32 : int32 -> int32 -> int32
val native : int -> nativeint
val safe_div : int64 -> int64 -> int64
val safe_rem : int32 -> int32 -> int32
