(* stage: interp-cps *)
let () =
  print_string (if max_int + 1 = min_int then "wraps" else "no"); print_newline ();
  print_int (17 / 5); print_char ' '; print_int (-17 mod 5); print_newline ();
  print_int (1 lsl 62); print_char ' '; print_int (-16 asr 2); print_char ' ';
  print_int (-1 lsr 60); print_newline ();
  print_string (Int64.to_string (Int64.mul 1_000_000_007L 3_000_000_019L));
  print_char ' ';
  print_string (Int64.to_string (Int64.shift_left 3L 40)); print_newline ();
  print_string (Int32.to_string (Int32.add Int32.max_int 1l)); print_newline ();
  print_float (sqrt 2.0 *. 3.0); print_char ' ';
  print_float (float_of_int 7 /. 2.0); print_char ' ';
  print_int (int_of_float (-3.75)); print_newline ();
  print_int (compare 1.0 nan); print_char ' ';
  print_int (compare nan nan); print_char ' ';
  print_string (if nan = nan then "equal" else "unequal"); print_newline ();
  print_int (compare (1, "b") (1, "a")); print_char ' ';
  print_int (compare [1; 2] [1; 2; 3]); print_newline ()
