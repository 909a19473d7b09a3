let f x = x
let g = f (1, 2
let h = 3
let k = )
