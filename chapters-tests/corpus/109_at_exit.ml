(* at_exit: the last registered runs first, each once, after the program's
   own output and before exit's status; a function registered while the
   exit functions run is not run. *)
let () =
  at_exit (fun () -> print_endline "first registered, runs last");
  at_exit (fun () -> print_string "no newline, flushed by exit");
  at_exit (fun () ->
      print_endline "last registered, runs first";
      at_exit (fun () -> print_endline "registered too late"));
  print_endline "main";
  let rec count n = if n > 0 then (print_int n; count (n - 1)) in
  count 3;
  print_newline ();
  exit 3
