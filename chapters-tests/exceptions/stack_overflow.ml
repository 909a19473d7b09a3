(* stage: interp-cps *)
(* A recursion with no end overflows the stack: Stack_overflow is an
   exception like any other, and can be caught. *)
let rec depth n = 1 + depth (n + 1)
let () =
  (try print_int (depth 0) with Stack_overflow -> print_string "overflow");
  print_newline ()
