let x = 1
(* a comment (* nested, closed *)
   but the outer one is not
let y = 2
