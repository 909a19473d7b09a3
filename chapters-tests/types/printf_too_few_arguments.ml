(* error: This expression has type int -> unit but an expression was expected of type unit *)
let () = Printf.printf "%d %d\n" 1
