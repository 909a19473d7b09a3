let () =
  print_string "hello;
  print_newline ()
