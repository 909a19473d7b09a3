(* error: This form is not allowed as the type of the inlined record could escape. *)
type t = A of { x : int } | B
let g (r : int) = A r
