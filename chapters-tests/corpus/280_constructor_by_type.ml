(* Constructors chosen by the expected type (OCaml's type-directed
   disambiguation): b's A is the latest, but where a value of type a is
   expected, A is a's. *)
type a = A | B
type b = A | C
let f (x : a) = match x with A -> 1 | B -> 2
let g = (A : a)
let h (x : a) = x
let i = h A
type c = K of a
let j = K A
let k : a = A
let l (x : a) = match x with A -> "A" | _ -> "other"
let m = [B; A]
let n : a list = [A; B]
let o = match (B : a) with A -> 1 | B -> 2
let p x = match x with B -> 1 | A -> 2
let q = (A, C)
let show_a = function B -> "a.B" | A -> "a.A"
let show_b = function A -> "b.A" | C -> "b.C"
let () =
  print_int (f A + f B + o + p A);
  print_newline ();
  List.iter (fun x -> print_string (show_a x ^ " ")) (g :: i :: k :: m @ n);
  print_newline ();
  print_string (l A ^ " " ^ l B ^ " " ^ show_b (fst q) ^ " " ^ show_b (snd q));
  print_newline ();
  match j with K x -> print_endline (show_a x)
