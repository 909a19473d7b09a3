(* stage: lambda *)
type counter = Counter of { name : string; mutable count : int } | Off
let f = function Counter { count = 0; _ } -> 1 | Off -> 2
