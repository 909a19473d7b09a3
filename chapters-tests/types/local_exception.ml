(* error: Unbound constructor Local *)
let f () = let exception Local in raise Local
let g () = raise Local
