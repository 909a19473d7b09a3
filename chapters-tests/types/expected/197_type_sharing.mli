val depth : int
