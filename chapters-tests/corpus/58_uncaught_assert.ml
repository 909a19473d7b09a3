(* an uncaught Assert_failure from a failed assert in a nested call after output on stdout and stderr: stderr ends with 'Fatal error: exception Assert_failure("58_uncaught_assert.ml", L, C)', exit 2 *)
let check_sorted l =
  let rec go l = match l with
    | a :: (b :: _ as rest) -> assert (a <= b); go rest
    | _ -> () in
  go l

let () =
  check_sorted [1; 2; 3];
  print_endline "first list sorted";
  prerr_endline "checking the second list";
  check_sorted [1; 5; 4; 6];
  print_endline "unreachable"
