(* Printf: every conversion, flag, width and precision, against ocamlopt *)
let () =
  Printf.printf "[%5d|%-5d|%05d|%+d|% d|%x|%#x|%X|%#X|%o|%#o|%u]\n" (-42) (-42) (-42) 42 42 (-1) 255 255 255 8 8 (-1);
  Printf.printf "[%5.3d|%05.3d|%.3d|%-8.3x|%#.5x|%+.4d]\n" 7 7 (-7) 255 255 3;
  Printf.printf "[%5s|%-5s|%S|%5S|%c|%C|%C|%C]\n" "ab" "ab" "a\"b\\\n\t\001é'" "x" 'z' '\'' '\n' '\200';
  Printf.printf "[%f|%F|%e|%E|%g|%G|%+.3e|%.0f|%10.4f|%-10.2e|%010.3f]\n" 3.14159 3.0 1234.5 0.00012 1e-5 1e20 12345.678 2.5 (-3.14159) 1.5 (-2.5);
  Printf.printf "[%f|%F|%F|%F|%e|%g|%5F|%05f|%F]\n" infinity infinity neg_infinity nan neg_infinity nan 1.0 nan 1e100;
  Printf.printf "[%d|%x|%5b|%B|%*d|%-*d|%.*f|%*.*f]\n" min_int min_int true false 6 42 6 42 2 3.14159 8 3 2.0;
  Printf.printf "[%ld|%Ld|%nd|%lx|%Lx|%nx|%lu|%Li]\n" (-5l) (-5L) (-5n) (-1l) (-1L) (-1n) (-1l) 7L;
  Printf.printf "[%#d|%#d|%#u|%.3F|%F|%F|%g|%g]\n" 1234567 (-1234) 1000 1.0 0.1 (-0.0) 100000. 1000000.;
  Printf.printf "%a|%t|%%|%!@\n" (fun oc s -> output_string oc s) "A" (fun oc -> output_string oc "T");
  print_string (Printf.sprintf "%s=%d %a\n" "x" 3 (fun () n -> string_of_int (n*2)) 21);
  Printf.ksprintf print_endline "k%d" 5;
  Printf.eprintf "err %d\n" 1;
  Printf.fprintf stdout "out %s\n" "x";
  Printf.printf "[%3c|%-3c|%.2s|%5.2s|%.3s]\n" 'a' 'b' "abcdef" "abcdef" "ab";
  Printf.printf "[%x|%X|%o|%-+6d|% 05d|%+05d|%-05d|%08.3d]\n" min_int max_int min_int 5 (-5) 5 5 (-5);
  Printf.printf "[%+.0e|%G|%E|%.3g|%10.3e|%-8F|%+F|%F|%F]\n" 12345.0 nan infinity 0.0001234 (-123.456) 2.5 1.5 1e-5 123456789012345.;
  Printf.printf "[%f]\n[%.20f]\n[%e]\n" 1e300 0.1 max_float;
  Printf.printf "[%g|%g|%g|%g|%.0g|%#x|%#o|%#X]\n" 0.0 (-0.0) 1e-300 123456789. 5.5 0 0 0;
  Printf.printf "[%ld|%lx|%lX|%lo|%lu|%+ld|%5ld|%-5lx|]\n" Int32.min_int Int32.min_int (-255l) 8l Int32.min_int 3l (-3l) 255l;
  Printf.printf "[%Ld|%Lx|%Lu|%nd|%nx|%Lo|%#Lx]\n" Int64.min_int Int64.min_int Int64.min_int Nativeint.min_int Nativeint.min_int (-1L) 255L;
  Printf.printf "[%S|%S|%C|%C|%C|%c]\n" "" "tab\there\r\b\\" '"' '\\' '\t' '\255'
