(* exit 3 from deep inside nested calls, a handler and a Fun.protect body: stdout (without a final newline) and stderr are flushed, finally handlers and code after exit do not run *)
let rec descend n =
  if n = 0 then begin
    print_string "at the bottom, exiting";
    prerr_string "stderr before exit";
    exit 3
  end else begin
    if n mod 10 = 0 then (print_int n; print_char ' ');
    1 + descend (n - 1)
  end

let () =
  print_endline "start";
  prerr_endline "a line on stderr";
  print_string "no newline yet... ";
  prerr_string "partial stderr ";
  prerr_endline "then newline";
  let r =
    try
      Fun.protect ~finally:(fun () -> print_endline "finally must not run")
        (fun () ->
          try descend 50 with
          | Failure _ -> print_endline "not a failure"; 0)
    with _ -> print_endline "exit is not an exception"; 1 in
  print_int r;
  print_endline "unreachable"
