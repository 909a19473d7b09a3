let f x = match x with
  | 0 -> "zero"
  | n when -> "other"
