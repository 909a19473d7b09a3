(* stage: lambda *)
(* error: Wrong arity for builtin primitive "%addint" *)
external add : int -> int = "%addint"
