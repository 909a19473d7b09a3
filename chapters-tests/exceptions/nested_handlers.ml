(* stage: interp-cps *)
(* Handlers in the same function and across calls; a handler that does not
   match re-raises the very exception it caught. *)
exception A of int
exception B
let inner x = if x = 0 then raise (A 1) else if x = 1 then raise B else x
let middle x =
  try inner x with A n -> n * 10
let outer x =
  try
    try middle x with B -> -1
  with A n -> n * 100
let () =
  List.iter (fun x -> print_int (outer x); print_char ' ') [0; 1; 2];
  print_newline ();
  let r = try (try raise B with A _ -> 1) with B -> 2 in
  print_int r; print_newline ()
