let () =
  print_int 1;
let x = 2
