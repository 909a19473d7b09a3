(* `exit` inside a `try` whose handler also catches a local raise: exit
   is not an exception, the handler must not run. *)
exception Done of int

let step x =
  try
    if x > 2 then raise (Done x);
    x + 1
  with Done n -> n * 10

let () =
  at_exit (fun () -> print_endline "at_exit ran");
  Printf.printf "%d %d\n" (step 1) (step 5);
  try
    if step 0 = 1 then begin
      print_endline "exiting";
      exit 3
    end;
    raise (Done 0)
  with _ -> print_endline "handler must not run"
