let x = 1 (* a comment with "a string *)
let y = 2
