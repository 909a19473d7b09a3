(* stage: interp-cps *)
type shape = Point | Circle of int | Square of int | Line
let describe = function
  | Point -> "point"
  | Circle r when r > 10 -> "big circle"
  | Circle _ -> "circle"
  | Square _ -> "square"
  | Line -> "line"
let small = function 0 -> "zero" | 1 -> "one" | 2 | 3 -> "few" | _ -> "many"
let sparse = function -5 -> "a" | 1000 -> "b" | 1_000_000 -> "c" | _ -> "d"
let kind c = match c with 'a' .. 'z' -> "lower" | 'A' .. 'Z' -> "upper" | '0' .. '9' -> "digit" | _ -> "other"
let word = function "one" -> 1 | "two" -> 2 | "" -> 0 | _ -> -1
let () =
  List.iter (fun s -> print_string (describe s); print_char ' ')
    [Point; Circle 3; Circle 30; Square 2; Line];
  print_newline ();
  List.iter (fun n -> print_string (small n); print_char ' ') [-1; 0; 1; 2; 3; 4];
  print_newline ();
  List.iter (fun n -> print_string (sparse n); print_char ' ') [-5; 1000; 1_000_000; 7];
  print_newline ();
  List.iter (fun c -> print_string (kind c); print_char ' ') ['q'; 'Q'; '5'; '-'];
  print_newline ();
  List.iter (fun w -> print_int (word w); print_char ' ') ["one"; "two"; ""; "three"];
  print_newline ()
