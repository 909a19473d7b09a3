(* error: The type variable 'b is unbound in this type declaration. *)
type 'a t = 'b list
