(* error: This expression has type *)
let rec f x = f
