(* error: Multiple definition of the type name t. *)
type t = A
type t = B
