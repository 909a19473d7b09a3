(* The match of a parameter that can fail runs when its function is
   applied to it, not when the next argument comes. *)
let g (Some x) = fun () -> x
let () = try ignore (g None); print_string "late" with Match_failure _ -> print_string "early"
let () = print_newline ()

let k (1 | 2) y = y
let () = try ignore (k 3); print_endline "late" with Match_failure _ -> print_endline "early"
let () = print_int (k 2 7); print_newline ()

let pairs ((a :: _), b) c = a + b + c
let () = print_int (pairs ([1], 2) 3); print_newline ()
let () =
  try ignore (pairs ([], 2)); print_endline "late"
  with Match_failure (_, l, c) -> print_string "early "; print_int l; print_char ' '; print_int c; print_newline ()
