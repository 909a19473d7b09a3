(* stage: interp-cps *)
(* Arguments, tuples, lists and records are evaluated right to left, as
   ocamlopt does; `let` and `;` left to right. *)
let trace s v = print_string s; v
type r = { a : int; b : int }
let f x y z = x + y + z
let () =
  let n = f (trace "x" 1) (trace "y" 2) (trace "z" 3) in
  print_newline ();
  let p = (trace "1" 1, trace "2" 2) in
  print_newline ();
  let l = [trace "a" 1; trace "b" 2; trace "c" 3] in
  print_newline ();
  let r = { a = trace "A" 1; b = trace "B" 2 } in
  print_newline ();
  print_int (n + fst p + List.length l + r.a + r.b);
  print_newline ()
