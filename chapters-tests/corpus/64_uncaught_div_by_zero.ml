(* an uncaught Division_by_zero raised deep in a non-tail recursion after partial output with print_string (no newline): stdout flushed, 'Fatal error: exception Division_by_zero', exit 2 *)
let rec average_tail l n = match l with
  | [] -> 0
  | x :: rest -> x / n + average_tail rest (n - 1)

let () =
  print_string "averages: ";
  print_int (average_tail [10; 20; 30] 3); print_char ' ';
  print_int (average_tail [10; 20; 30; 40] 3);
  print_endline "unreachable"
