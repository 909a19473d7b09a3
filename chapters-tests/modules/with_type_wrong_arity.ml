(* The type of a `with type` constraint is checked: A.t takes no argument. *)
module type S = sig type t val x : t end
module F (A : S) : S with type t = A.t A.t = struct type t = A.t let x = A.x end
