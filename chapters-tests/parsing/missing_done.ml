let () =
  for i = 1 to 10 do
    print_int i
