val safe_get : int array -> int -> int
