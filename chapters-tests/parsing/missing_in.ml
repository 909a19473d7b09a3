let x = 1
let f y =
  let z = y + 1
  z * 2
