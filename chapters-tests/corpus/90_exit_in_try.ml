(* `exit` inside a `try` body: the call never returns, so the handler
   pushed by the `try` is never popped. Each form below once failed to
   compile at -O1 and -O2. *)
let flag = ref false
let g () = exit 5

let direct () = try exit 2 with Not_found -> ()
let as_argument () = try print_int (exit 3) with Not_found -> ()
let through_a_function () = try print_int (g ()) with Not_found -> ()

let in_a_branch b =
  try if b then exit 4 else print_string "stayed\n" with Not_found -> ()

let () =
  in_a_branch false;
  if !flag then direct ();
  if !flag then as_argument ();
  if !flag then through_a_function ();
  print_string "exiting\n";
  in_a_branch true;
  print_string "not reached\n"
