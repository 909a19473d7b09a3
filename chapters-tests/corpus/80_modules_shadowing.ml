(* Shadowing by open, qualified record fields and operators, include of a
   structure with effects, local opens of records and operators. *)
type t = A | B
module M = struct
  type t = C | D
  let f = function C -> "C" | D -> "D"
end
let g = function A -> "A" | B -> "B"
open M
let () = print_endline (f C); print_endline (g A)
let h x = match x with C -> 1 | D -> 2
module R = struct type r = { a : int; mutable b : int } end
let r = { R.a = 1; b = 2 }
let () = r.R.b <- 5; print_int (r.R.a + r.R.b); print_newline ()
let () = let open R in let q = { a = 3; b = 4 } in print_int (q.a + q.b); print_newline ()
module X = struct let v = ref 0 let () = v := 10 end
module Y = struct include X let () = v := !v + 1 end
let () = print_int !X.v; print_newline ()
let () = print_int (h D); print_newline ()
module Ops = struct let ( +! ) a b = a * 10 + b end
let () = print_int Ops.(1 +! 2); print_newline ()
let () = print_int (Ops.( +! ) 3 4); print_newline ()
module E = struct exception Boom of int end
let () = try raise (E.Boom 3) with E.Boom n -> print_int n; print_newline ()
let () = print_newline (); print_endline (Stdlib.string_of_int 12)
module Int_set = struct
  type t = int list
  let empty : t = []
  let add x (s : t) : t = if List.mem x s then s else x :: s
end
let s = Int_set.(add 1 (add 2 empty))
let () = List.iter print_int s; print_newline ()
