(* an uncaught exception whose arguments are of every kind the printer distinguishes: negative int, bool, char, constant constructor, option block, tuple block, float, string with escapes; exit 2 *)
exception Report of int * bool * char * int option * int option * (int * int) * float * string

let () =
  print_endline "about to fail";
  let f x = if x > 0 then raise (Report (-42, true, 'A', None, Some 3, (1, 2), -0.5, "tab\there\nquote\"\\ \255")) else x in
  print_int (f 0); print_newline ();
  print_int (f 1)
