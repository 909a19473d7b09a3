(* stage: lambda *)
(* OCaml accepts this recursive definition (its right-hand side computes
   before it builds the function); Flambeau's lowering wants a function. *)
let rec count = let start = 0 in fun n -> if n = start then 0 else 1 + count (n - 1)
