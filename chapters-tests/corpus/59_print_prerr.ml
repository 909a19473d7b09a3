(* every output primitive: print_int/float/string/char/endline/newline and prerr_string/prerr_endline interleaved, special characters, long output, empty strings; exit status 0 *)
let () =
  print_string ""; prerr_string "";
  print_int 0; print_int (-1); print_int max_int; print_int min_int; print_newline ();
  print_float 0.5; print_float (-0.0); print_float 1e100; print_newline ();
  print_char 'a'; print_char '\n'; print_char '\t'; print_char '\000'; print_char '\255'; print_newline ();
  prerr_endline "err 1";
  print_endline "out 1";
  prerr_string "err 2 "; prerr_string "continued"; prerr_endline "";
  print_string "out 2 "; print_string "continued"; print_endline "";
  print_endline "line with \"quotes\" and \\ backslash";
  prerr_endline "stderr with\ttab";
  for i = 1 to 2000 do
    print_int i; if i mod 20 = 0 then print_newline () else print_char ' '
  done;
  for i = 1 to 300 do prerr_string (string_of_int i); prerr_string (if i mod 30 = 0 then "\n" else ",") done;
  print_string (String.make 70000 'x'); print_newline ();
  prerr_endline "last err";
  print_string "last out without newline"
