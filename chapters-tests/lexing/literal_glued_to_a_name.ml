let n = 2do
let x = 0.0do
let l = 100LInt64
let b = 0b
