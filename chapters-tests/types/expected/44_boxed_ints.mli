val pn : nativeint -> unit
val p32 : int32 -> unit
val p64 : int64 -> unit
val nl : unit -> unit
