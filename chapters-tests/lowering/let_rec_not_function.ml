(* stage: lambda *)
(* OCaml accepts this recursive definition (its right-hand side computes
   before it builds the function); Flambeau's lowering cannot patch a
   closure built that way, and says so. *)
let rec count = let start = 0 in fun n -> if n = start then 0 else 1 + count (n - 1)
