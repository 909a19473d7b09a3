(* error: This expression has type string but an expression was expected of type bytes *)
let s = "abc" in s.[0] <- (String.get s 1)
