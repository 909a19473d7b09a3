val checked_div : int -> int -> int
