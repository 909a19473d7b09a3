let () = List.iter ~f:print_int [1]
