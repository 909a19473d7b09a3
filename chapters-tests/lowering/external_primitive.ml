(* stage: lambda *)
external add : int -> int -> int = "%addint"
external id : 'a -> 'a = "%identity"
let three = add 1 2
let incr = add 1
let s = id "s"
