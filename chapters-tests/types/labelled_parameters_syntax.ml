(* stage: ast *)
let f ~x ~(y : int) ~z:(a, b) ?o ?(d = 1) ?e:(p : int = 2) () = 0
let _ = let y = 2 in f ~x:1 ~y ?o:None ~d:3 ()
