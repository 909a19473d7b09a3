let () =
  print_int (1 + 2;
  print_newline ()
