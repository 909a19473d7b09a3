(* error: This form is not allowed as the type of the inlined record could escape. *)
(* A parameter whose type is still unknown cannot become an inline
   record: only a variable bound by a pattern [A r] may be passed on. *)
type t = A of { x : int } | B
let g r = A r
