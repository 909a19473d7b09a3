let f g = match g () with
  | x -> x
  | exception -> 0
