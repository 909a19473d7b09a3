(* stage: lambda *)
(* error: Unknown builtin primitive "%foo" *)
external foo : int -> int = "%foo"
