let f a = (a.(0)) <- 1
