(* stage: interp-cps *)
(* Closures sharing a captured reference, and closures made in a loop, each
   capturing its own iteration's variable. *)
let make_counter () =
  let n = ref 0 in
  (fun () -> incr n; !n), (fun () -> n := 0)
let () =
  let next, reset = make_counter () in
  ignore (next ()); ignore (next ());
  print_int (next ()); reset (); print_int (next ()); print_newline ();
  let fs = ref [] in
  for i = 1 to 3 do fs := (fun () -> i * 10) :: !fs done;
  List.iter (fun f -> print_int (f ()); print_char ' ') !fs;
  print_newline ();
  let adders = List.map (fun k -> fun x -> x + k) [1; 2; 3] in
  print_int (List.fold_left (fun acc f -> f acc) 0 adders); print_newline ()
