let () = print_int 1
