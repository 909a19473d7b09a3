(* error: The type abbreviation t is cyclic *)
type t = t list
