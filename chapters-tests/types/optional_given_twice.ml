(* error: It is applied to too many arguments; maybe you forgot a `;'. *)
let f ?x () = x
let g = f ~x:1 ~x:2 ()
