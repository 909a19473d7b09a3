(* stage: interp-cps *)
let safe a b = try a / b with Division_by_zero -> min_int
let () =
  print_int (safe 7 2); print_char ' ';
  print_int (safe 7 0); print_char ' ';
  print_int (try 5 mod 0 with Division_by_zero -> -1); print_newline ();
  print_string (Int64.to_string (try Int64.div 5L 0L with Division_by_zero -> 9L));
  print_newline ();
  print_int (10 / (List.length []))
