let f ?(x = 1) () = x
