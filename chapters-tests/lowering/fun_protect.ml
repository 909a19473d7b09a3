(* stage: lambda *)
(* Fun.protect comes from the prelude, with the exception it raises. *)
let () =
  Fun.protect ~finally:(fun () -> print_string "done") (fun () -> print_string "work ")
