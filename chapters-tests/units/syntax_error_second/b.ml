let y = A.x
let z = (y +
