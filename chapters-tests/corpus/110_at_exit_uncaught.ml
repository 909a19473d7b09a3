(* An exception that escapes still runs the at_exit functions, before the
   report on stderr. *)
exception Boom of string * int

let () =
  at_exit (fun () -> prerr_endline "at_exit on stderr"; print_string "at_exit on stdout")

let () = print_endline "before"
let () = if String.length "x" = 1 then raise (Boom ("a \"quoted\" text", 42))
let () = print_endline "not reached"
