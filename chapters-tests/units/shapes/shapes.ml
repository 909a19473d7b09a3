(* A module of its own file: types, values, an exception, a functor. *)
type shape = Circle of float | Rect of float * float

let area = function
  | Circle r -> 3.0 *. r *. r
  | Rect (w, h) -> w *. h

exception Degenerate of string

let check s = if area s = 0.0 then raise (Degenerate "zero area") else s

module type ORDERED = sig
  type t
  val compare : t -> t -> int
end

module Largest (O : ORDERED) = struct
  let of_list l = List.fold_left (fun m x -> if O.compare x m > 0 then x else m) (List.hd l) l
end

let count = ref 0
let () = incr count; print_endline "shapes initialised"
