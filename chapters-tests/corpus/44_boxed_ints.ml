(* Nativeint (every function), Int32 and Int64 functions not in 21/22 (of_float/to_float, logical ops, shift_right_logical on negatives, compare/equal), boxed ints in data structures *)
let pn x = print_string (Nativeint.to_string x); print_char ' '
let p32 x = print_string (Int32.to_string x); print_char ' '
let p64 x = print_string (Int64.to_string x); print_char ' '
let nl () = print_newline ()

let () =
  pn 5n; pn (-5n); pn Nativeint.zero; pn Nativeint.one; pn Nativeint.minus_one; pn Nativeint.max_int; pn Nativeint.min_int; nl ();
  pn (Nativeint.add Nativeint.max_int 1n); pn (Nativeint.sub 3n 10n); pn (Nativeint.mul 123456789n 1000000000n);
  pn (Nativeint.div (-7n) 2n); pn (Nativeint.rem (-7n) 2n); pn (Nativeint.neg Nativeint.min_int);
  pn (Nativeint.div Nativeint.min_int (-1n)); pn (Nativeint.rem Nativeint.min_int (-1n)); nl ();
  pn (Nativeint.logand 12n 10n); pn (Nativeint.logor 12n 10n); pn (Nativeint.logxor 12n 10n);
  pn (Nativeint.shift_left 1n 63); pn (Nativeint.shift_right (-16n) 2); pn (Nativeint.shift_right_logical (-16n) 60); nl ();
  pn (Nativeint.of_int max_int); pn (Nativeint.of_int min_int); print_int (Nativeint.to_int Nativeint.max_int); print_char ' ';
  pn (Nativeint.of_float 1e10); pn (Nativeint.of_float (-2.9)); print_float (Nativeint.to_float (-12345n)); nl ();
  print_int (Nativeint.compare 1n 2n); print_int (Nativeint.compare Nativeint.min_int Nativeint.max_int);
  print_int (Nativeint.compare 5n 5n); print_string (if Nativeint.equal 7n 7n then " eq" else " ne"); nl ();
  p32 (Int32.of_float 3.7); p32 (Int32.of_float (-3.7)); print_float (Int32.to_float Int32.min_int); print_char ' ';
  p32 (Int32.logand 0xF0l 0x3Cl); p32 (Int32.logor 0xF0l 0x3Cl); p32 (Int32.logxor (-1l) 5l);
  p32 (Int32.shift_right_logical (-1l) 28); p32 (Int32.shift_right (-1024l) 3); p32 (Int32.shift_left 1l 31); nl ();
  p32 (Int32.neg Int32.min_int); p32 (Int32.rem Int32.min_int (-1l)); p32 (Int32.div Int32.min_int (-1l));
  p32 (Int32.mul 65536l 65536l); p32 (Int32.of_int 0x1_0000_0005); print_int (Int32.to_int (-1l)); nl ();
  print_int (Int32.compare 1l (-1l)); print_int (Int32.compare Int32.min_int Int32.max_int);
  print_string (if Int32.equal 3l 3l then " eq" else " ne"); nl ();
  p64 (Int64.of_float 1e18); p64 (Int64.of_float (-1.5)); print_float (Int64.to_float Int64.max_int); print_char ' ';
  p64 (Int64.logand (-1L) 0xFFL); p64 (Int64.logor 0x100L 1L); p64 (Int64.logxor 0xFFL 0x0FL);
  p64 (Int64.shift_right_logical (-1L) 1); p64 (Int64.shift_right Int64.min_int 63); nl ();
  print_int (Int64.compare 2L 10L); print_int (Int64.compare Int64.max_int Int64.min_int);
  print_string (if Int64.equal Int64.min_int (Int64.add Int64.max_int 1L) then " eq" else " ne"); nl ();
  print_int (Int64.to_int (Int64.of_int min_int)); print_char ' ';
  print_int (Int64.to_int Int64.max_int); nl ();
  (* boxed ints in structures, compared and matched *)
  let l = [3L; -1L; Int64.max_int; 0L; Int64.min_int] in
  List.iter p64 (List.sort compare l); nl ();
  List.iter p32 (List.sort compare [5l; -5l; Int32.max_int; Int32.min_int]); nl ();
  List.iter pn (List.sort compare [Nativeint.max_int; 0n; Nativeint.min_int; -1n]); nl ();
  let arr = Array.make 3 0L in
  for i = 0 to 2 do arr.(i) <- Int64.mul (Int64.of_int (i + 1)) 1000000000000L done;
  Array.iter p64 arr; nl ();
  let describe x = match x with 0L -> "zero" | 1L | -1L -> "unit" | 9223372036854775807L -> "max" | _ -> "other" in
  List.iter (fun x -> print_string (describe x); print_char ' ') l; nl ();
  let d32 x = match x with 0l -> "z" | -2147483648l -> "min" | _ -> "o" in
  let dn x = match x with 0n -> "z" | 7n -> "seven" | _ -> "o" in
  print_string (d32 Int32.min_int ^ d32 0l ^ d32 4l ^ dn 7n ^ dn 0n ^ dn 1n); nl ();
  print_string (if (1L, 2l, 3n) = (1L, 2l, 3n) then "tuple eq" else "tuple ne"); nl ();
  let acc = ref 0L in
  for i = 1 to 100000 do acc := Int64.add !acc (Int64.of_int i) done;
  p64 !acc; nl ()
