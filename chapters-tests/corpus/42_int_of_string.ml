(* int_of_string accepted and rejected forms (signs, 0x 0o 0b prefixes, underscores, overflow limits, empty), string_of_int of extremes, int literal forms *)
let conv s =
  print_string ("\"" ^ s ^ "\" -> ");
  (try print_int (int_of_string s) with Failure m -> print_string ("Failure " ^ m));
  print_newline ()

let () =
  List.iter conv
    ["0"; "-0"; "+5"; "42"; "-42"; "007"; "1_000_000"; "0x1F"; "0X1f"; "-0x10"; "0o17"; "0O17";
     "0b101"; "0B11"; "-0b1"; "4611686018427387903"; "-4611686018427387904";
     "4611686018427387904"; "-4611686018427387905"; "0x3FFFFFFFFFFFFFFF"; "0x4000000000000000";
     "0x7FFFFFFFFFFFFFFF"; "0x8000000000000000"; "99999999999999999999"; "";
     " 1"; "1 "; "12a"; "a12"; "-"; "+"; "0x"; "0b2"; "0o8"; "--1"; "1.5"; "1e3"; "_1"; "1_"; "0xg"];
  List.iter (fun n -> print_string (string_of_int n); print_char ' ')
    [0; -1; max_int; min_int; 0x1F; 0o17; 0b101; 1_000; -0x10; 0xFF_FF; 0o777; 0b1111_0000];
  print_newline ();
  print_int (int_of_string (string_of_int min_int)); print_newline ();
  print_int (int_of_string (string_of_int max_int) + 1); print_newline ();
  let total = ref 0 in
  for i = -50 to 50 do total := !total + int_of_string (string_of_int (i * 123456789)) done;
  print_int !total; print_newline ()
