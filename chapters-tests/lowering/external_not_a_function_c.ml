(* stage: lambda *)
(* error: External identifiers must be functions *)
external x : int = "caml_sqrt_float"
