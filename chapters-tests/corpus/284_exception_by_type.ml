(* A constructor pattern or expression of type exn, among variant
   constructors of other names. *)
type a = A | B
exception E of int
let f (e : exn) = match e with E n -> n | Not_found -> 0 | _ -> 1
let describe = function A -> "A" | B -> "B"
let () =
  Printf.printf "%d %d %d %s\n" (f (E 3)) (f Not_found) (f Exit) (describe B);
  try raise (E 7) with E n -> print_int n; print_newline ()
