(* %h and %H: floats in hexadecimal, with precision, flags and widths. *)
let values =
  [ 1.0; -1.0; 0.0; -0.0; 0.1; 2.5; 3.0; 1.5; 1.9999; 255.5; 1e300; 5e-324; 2.2250738585072014e-308;
    1e-310; max_float; min_float; epsilon_float; infinity; neg_infinity; nan; -.nan; 1024.0; 0.75 ]

let () =
  List.iter
    (fun x ->
      Printf.printf "%h|%H|%+h|% h|%.0h|%.1h|%.3h|%.13h|%.15h|%14h|%-14h|%014h|\n" x x x x x x x x x x x
        x)
    values;
  Printf.printf "%*.*h|\n" 12 2 3.14159;
  print_endline (Printf.sprintf "%h and %H" 10.0 (-10.0));
  (* The flag # on floats: nothing on f e g, and %#F is %h. *)
  Printf.printf "%#g|%#.3g|%#G|%#e|%#.0f|%#.0e|%#F|%#F|%#F|%#F|%+#F|%#10F|%#.2F\n" 0.0001 1.0 1e20 1.5
    3.0 3.0 1.0 0.1 infinity (-2.5) 1.0 1.0 1.0
