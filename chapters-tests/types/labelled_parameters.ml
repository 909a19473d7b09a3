(* stage: typed *)
let sub ~x ~y = x - y
let area ~(width : int) ~height:(h : int) = width * h
let greet ?name () = match name with None -> "" | Some n -> n
let step ?(by = 1) n = n + by
let range ?(from = 0) ?(step = 1) until = (from, step, until)
let partial = range ~step:2
let erased = step 5
let reordered = sub ~y:1 ~x:2
let higher (g : x:int -> ?y:int -> unit -> int) = g ~x:1 ()
let norm ~v:(a, b) ?y:(c = 0) () = a + b + c
external add : int -> int -> int = "%addint"
