(* The end of the program runs what at_exit registered, also when the
   registration happened inside a function. *)
let register name = at_exit (fun () -> print_string name; print_newline ())
let () = List.iter register [ "one"; "two"; "three" ]
let () = print_string "end of main"; print_newline ()
