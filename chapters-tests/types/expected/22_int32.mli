val p : int32 -> unit
