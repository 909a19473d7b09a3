(* The body sees the argument's values at the parameter's types: X.f is
   int -> int here, although the structure's f is polymorphic. *)
module F (X : sig type t val f : t -> t end) = struct let g = X.f end
module A = F (struct type t = int let f x = x end)
let () = print_string (A.g "s")
