open Missing
let x = 1
