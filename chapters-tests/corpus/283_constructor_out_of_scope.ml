(* A constructor or field of a type that is not in scope, chosen by the
   expected type (OCaml's warning 40 is off by default). *)
module M = struct
  type t = X | Y of int
  type r = { fld : int; other : string }
end
let f (x : M.t) = match x with X -> 1 | Y n -> n
let g : M.t = Y 41
let h (r : M.r) = r.fld + String.length r.other
let make () : M.r = { fld = 1; other = "ab" }
let () = Printf.printf "%d %d %d\n" (f g) (f X) (h (make ()))
