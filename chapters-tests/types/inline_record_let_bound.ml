(* error: This form is not allowed as the type of the inlined record could escape. *)
type t = A of { x : int; y : int }
let f = function A r -> let z = r in z.x
