val pick : bool -> bool
