(* stage: interp-cps *)
(* Partial application and over-application, of known and unknown functions,
   with the order in which OCaml evaluates the arguments. *)
let trace s v = print_string s; v
let add3 a b c = a * 100 + b * 10 + c
let pick b = if b then (fun x y -> x - y) else (fun x y -> y - x)
let twice f x = f (f x)
let compose f g x = f (g x)
let () =
  let f = add3 (trace "a" 1) in
  let g = f (trace "b" 2) in
  print_int (g (trace "c" 3)); print_newline ();
  print_int (add3 (trace "x" 1) (trace "y" 2) (trace "z" 3)); print_newline ();
  print_int (pick true 10 3 + pick false 10 3); print_newline ();
  print_int (twice (add3 0 1) 5); print_newline ();
  print_int (compose (add3 1 2) (fun x -> x * 2) 4); print_newline ();
  let curried = fun a -> fun b -> fun c -> a - b - c in
  print_int (curried 10 2 3); print_char ' ';
  print_int ((curried 10) 2 3); print_char ' ';
  print_int (((curried 10) 2) 3); print_newline ()
