(* stage: lambda *)
(* error: Wrong arity for builtin primitive "%identity" *)
external x : int = "%identity"
