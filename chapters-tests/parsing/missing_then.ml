let f x =
  if x > 0 print_string "positive"
