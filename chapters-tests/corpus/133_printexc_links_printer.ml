(* Using Printexc links its printer of uncaught exceptions, as in OCaml: the
   string argument is escaped ("y\n"), where the runtime's printer writes it
   as it is *)
exception Pair of int * string

let () = print_endline (Printexc.to_string (Pair (1, "a\tb")))
let () = raise (Pair (2, "y\n"))
