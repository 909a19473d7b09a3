(* error: This expression has type 'a lazy_t but an expression was expected of type int *)
let x = lazy 1 + 2
