let x = 12x
