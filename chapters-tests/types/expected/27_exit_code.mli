val finish : int -> 'a
