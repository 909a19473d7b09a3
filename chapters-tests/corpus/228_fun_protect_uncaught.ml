(* Fun.protect links Fun, whose initialisation registers a printer with
   Printexc: the uncaught exception is then printed by Printexc, with its
   string escaped. *)
exception E of string * int

let () =
  Fun.protect ~finally:(fun () -> print_endline "finally")
    (fun () -> print_endline "work");
  raise (E ("quote \" and newline\n", Fun.id 3))
