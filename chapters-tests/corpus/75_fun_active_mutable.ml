(* OCaml merges [fun p -> fun q -> e] into one function only when matching
   p cannot fail and reads no mutable state (Parmatch.inactive): here the
   field is read when f is applied to r, before the assignment. *)
type r = { mutable x : int }
let f { x = c } () = c
let () = let r = { x = 10 } in let g = f r in r.x <- 20; print_int (g ()); print_newline ()

(* An immutable record, a tuple and a one-constructor type merge. *)
type p = { a : int; b : int }
type box = Box of int
let h { a; b } (x, y) (Box z) k = a + b + x + y + z + k
let () = print_int (h { a = 1; b = 2 } (3, 4) (Box 5) 6); print_newline ()
