(* stage: lambda *)
let f a = match a with [| x |] -> x | _ -> 0
