let f = function
  | exception Not_found -> 0
  | x -> x
