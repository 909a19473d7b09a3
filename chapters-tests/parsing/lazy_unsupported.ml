let x = lazy (1 + 2)
