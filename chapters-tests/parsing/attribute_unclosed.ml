let[@inline f x = x
