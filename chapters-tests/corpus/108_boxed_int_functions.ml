(* Int32, Int64 and Nativeint: parsing, the unsigned operations, and the
   small functions of 4.13. *)
let opt f = function None -> print_string "None" | Some x -> print_string "Some "; f x

let () =
  List.iter
    (fun s ->
      print_string s; print_string ": ";
      opt (fun n -> print_string (Int64.to_string n)) (Int64.of_string_opt s); print_string " ";
      opt (fun n -> print_string (Int32.to_string n)) (Int32.of_string_opt s); print_string " ";
      opt (fun n -> print_string (Nativeint.to_string n)) (Nativeint.of_string_opt s);
      print_newline ())
    [ "0"; "-17"; "0x7fffffff"; "0xffffffff"; "2147483648"; "9223372036854775807";
      "9223372036854775808"; "0xFFFFFFFFFFFFFFFF"; "0b101"; "0o17"; "0u123"; "1_000"; ""; "x"; "-" ];
  (try ignore (Int64.of_string "nope") with Failure m -> print_endline m);
  (try ignore (Int32.of_string "nope") with Failure m -> print_endline m);
  (try ignore (Nativeint.of_string "nope") with Failure m -> print_endline m);
  let p64 n = print_string (Int64.to_string n); print_char ' ' in
  p64 (Int64.succ 41L); p64 (Int64.pred 0L); p64 (Int64.abs (-9L)); p64 (Int64.abs Int64.min_int);
  p64 (Int64.lognot 5L); p64 (Int64.min 3L (-4L)); p64 (Int64.max 3L (-4L)); print_newline ();
  p64 (Int64.unsigned_div (-1L) 10L); p64 (Int64.unsigned_rem (-1L) 10L);
  p64 (Int64.unsigned_div 100L 7L); p64 (Int64.unsigned_rem 100L 7L);
  p64 (Int64.unsigned_div 5L (-2L)); p64 (Int64.unsigned_div (-1L) (-2L)); print_newline ();
  print_int (Int64.unsigned_compare (-1L) 1L); print_int (Int64.unsigned_compare 1L 2L);
  print_int (Int64.unsigned_compare 5L 5L); print_newline ();
  opt print_int (Int64.unsigned_to_int 5L); opt print_int (Int64.unsigned_to_int (-1L));
  opt print_int (Int64.unsigned_to_int Int64.max_int); print_newline ();
  let p32 n = print_string (Int32.to_string n); print_char ' ' in
  p32 (Int32.succ Int32.max_int); p32 (Int32.pred 0l); p32 (Int32.abs (-9l)); p32 (Int32.lognot 0l);
  p32 (Int32.min 1l 2l); p32 (Int32.max 1l 2l); p32 (Int32.unsigned_div (-1l) 3l);
  p32 (Int32.unsigned_rem (-1l) 3l); print_newline ();
  print_int (Int32.unsigned_compare (-1l) 1l);
  opt print_int (Int32.unsigned_to_int (-1l)); opt print_int (Int32.unsigned_to_int 7l); print_newline ();
  let pn n = print_string (Nativeint.to_string n); print_char ' ' in
  pn (Nativeint.succ 1n); pn (Nativeint.pred 1n); pn (Nativeint.abs (-3n)); pn (Nativeint.lognot 0n);
  pn (Nativeint.unsigned_div (-1n) 2n); pn (Nativeint.unsigned_rem (-1n) 2n);
  opt print_int (Nativeint.unsigned_to_int (-1n)); print_newline ();
  p64 (Int64.of_int32 (-5l)); p32 (Int64.to_int32 0x1_0000_0007L); p64 (Int64.of_nativeint 9n);
  pn (Int64.to_nativeint (-9L)); pn (Nativeint.of_int32 12l); p32 (Nativeint.to_int32 0x1_0000_0001n);
  print_float (Int64.float_of_bits 0x3FF8000000000000L); print_newline ()
