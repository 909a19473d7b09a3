(* error: This expression has type int but an expression was expected of type 'a Lazy.t *)
let x = Lazy.force 3
