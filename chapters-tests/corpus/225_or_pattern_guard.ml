(* A guard under an or-pattern: the variables come from the first
   alternative that matches (left to right), the guard is evaluated once,
   and if it fails matching goes on with the next clause. *)
let f p = match p with (Some d, _) | (_, Some d) when d > 10 -> "big" | _ -> "small"

let count = ref 0

let g p =
  match p with
  | (Some _, _) | (_, Some _) when (incr count; false) -> "never"
  | (Some a, Some b) -> string_of_int (a + b)
  | _ -> "none"

let h = function
  | [x; y] | [y; x; _] when x > y -> x - y
  | [x; _] -> x
  | _ -> -1

let () =
  print_endline (f (Some 1, Some 42));
  print_endline (f (Some 42, Some 1));
  print_endline (f (None, Some 42));
  print_endline (f (None, None));
  print_endline (g (Some 1, Some 2));
  print_endline (g (None, Some 2));
  Printf.printf "guard evaluated %d times\n" !count;
  Printf.printf "%d %d %d\n" (h [5; 1]) (h [1; 5]) (h [1; 5; 0])
