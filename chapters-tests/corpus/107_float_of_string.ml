(* float_of_string reads what C's strtod reads, underscores removed, and
   must consume the whole text. *)
let inputs =
  [ "1.5"; "-0.25"; "+3"; "12"; ".5"; "5."; "1e3"; "1E-3"; "2.5e+2"; "1_000.5"; "1__0";
    "0x1p3"; "0x1.8p1"; "0X10"; "inf"; "-inf"; "infinity"; "INF"; "nan"; "-nan"; "NaN";
    "  42"; "\t7.5"; "1e400"; "-1e400"; "4.9e-324"; "1e-400"; "0.1"; "123456789012345678901234567890";
    ""; " "; "abc"; "1.5x"; "1e"; "e5"; "0x"; "--1"; "1 "; "_"; "1.2.3" ]

let () =
  List.iter
    (fun s ->
      print_string (String.escaped s);
      print_string " -> ";
      (try print_float (float_of_string s) with Failure m -> print_string ("Failure " ^ m));
      print_string " / ";
      (match Float.of_string_opt s with
       | Some x -> print_string (Float.to_string x)
       | None -> print_string "None");
      print_string " / ";
      (match float_of_string_opt s with Some x -> print_float x | None -> print_string "None");
      print_newline ())
    inputs;
  print_float (Float.of_string "6.25" +. 1.);
  print_newline ();
  (* Read from standard input: one float per line, then the end of file. *)
  let rec sum acc =
    match (try Some (read_float_opt ()) with End_of_file -> None) with
    | Some (Some x) -> sum (acc +. x)
    | Some None -> print_string "not a float"; print_newline (); sum acc
    | None -> acc
  in
  print_float (sum 0.);
  print_newline ();
  print_float (float_of_string "2.5");
  print_newline ()
