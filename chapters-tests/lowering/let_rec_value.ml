(* stage: lambda *)
(* A recursive definition of data: a placeholder block first, then the
   value, whose fields are copied into it. *)
let rec ones = 1 :: ones
