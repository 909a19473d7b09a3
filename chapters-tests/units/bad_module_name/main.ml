let () = print_endline "main"
