(* `compare` answers 0 for a value compared with itself, even a closure
   (`compare_val` tests physical equality first); `=` has no such shortcut
   and raises. *)
let f = fun x -> x + 1
let g = fun x -> x * 2

let () =
  print_int (compare f f);
  print_newline ();
  print_int (compare (f, 1) (f, 2));
  print_newline ();
  print_int (compare [ f; g ] [ f; g ]);
  print_newline ();
  (try print_int (compare (f, 1) (g, 1))
   with Invalid_argument m -> print_string m);
  print_newline ();
  try print_string (if f = f then "true" else "false")
  with Invalid_argument m -> print_string m; print_newline ()
