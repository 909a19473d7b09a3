val p : int64 -> unit
