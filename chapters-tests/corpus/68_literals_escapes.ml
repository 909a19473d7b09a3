(* literal forms: every string escape (newline, tab, backspace, return, backslash, quotes, decimal, hex, octal, unicode and the line-continuation backslash), char escapes, numeric literal forms with underscores and prefixes, float literal forms, boxed literals *)
let () =
  let s = "a\nb\tc\bd\re\\f\"g\'h\065\x41\o101\u{48}\u{e9}|" in
  print_int (String.length s); print_char ' ';
  String.iter (fun c -> print_int (Char.code c); print_char ',') s; print_newline ();
  let cont = "one \
              two \
     three" in
  print_endline cont;
  print_endline "tab:\t| space:\032| del:\127|";
  List.iter (fun c -> print_int (Char.code c); print_char ' ')
    ['\\'; '\''; '"'; '\n'; '\t'; '\b'; '\r'; ' '; '\000'; '\x00'; '\xff'; '\o377'; '\o000'; '\123'];
  print_newline ();
  List.iter (fun n -> print_int n; print_char ' ')
    [0; 00; 1_0; 0x0; 0xA_B; 0Xff; 0o7_7; 0O10; 0b1_1; 0B100; 4_611_686_018_427_387_903; -4_611_686_018_427_387_904; 0x3fff_ffff_ffff_ffff];
  print_newline ();
  List.iter (fun f -> print_float f; print_char ' ')
    [0.; 1.; 1.5; 1_0.2_5; 1e3; 1E3; 1e+3; 1e-3; 1.5e2; 2.5E-1; 0.000_001; 123_456.789; 1e308; 4.9e-324];
  print_newline ();
  List.iter (fun x -> print_string (Int64.to_string x); print_char ' ') [0L; 0x7fff_ffff_ffff_ffffL; -9223372036854775808L; 0b101L; 0o17L; 1_000L];
  print_newline ();
  List.iter (fun x -> print_string (Int32.to_string x); print_char ' ') [0l; 0x7fffffffl; -2147483648l; 0xffl; 1_000l];
  print_newline ();
  List.iter (fun x -> print_string (Nativeint.to_string x); print_char ' ') [0n; 0x7fffffffffffffffn; -9223372036854775808n; 0o777n];
  print_newline ();
  print_endline "";
  print_endline "\"quoted\" 'single' \\backslash\\";
  print_string "no newline at the end of the program"
