(* stage: lambda *)
(* OCaml accepts some recursive data; Flambeau only recursive functions. *)
let rec ones = 1 :: ones
