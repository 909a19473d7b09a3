(* error: a string naming the primitive *)
external f : int -> int = f
