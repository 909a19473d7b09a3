(* Division_by_zero from / and mod on int (constant and computed divisors), Int64/Int32/Nativeint div and rem; min_int / -1 and mod -1; signs of / and mod *)
let zero = ref 0
let attempt name f =
  print_string (name ^ ": ");
  (try print_string (f ()) with Division_by_zero -> print_string "Division_by_zero");
  print_newline ()

let divide a b = a / b
let modulo a b = a mod b

let () =
  attempt "int / 0" (fun () -> string_of_int (10 / !zero));
  attempt "int mod 0" (fun () -> string_of_int (10 mod !zero));
  attempt "const / 0" (fun () -> string_of_int (7 / 0));
  attempt "const mod 0" (fun () -> string_of_int (7 mod 0));
  attempt "0 / 0" (fun () -> string_of_int (divide 0 0));
  attempt "call mod" (fun () -> string_of_int (modulo min_int 0));
  attempt "min_int / -1" (fun () -> string_of_int (divide min_int (-1)));
  attempt "min_int mod -1" (fun () -> string_of_int (modulo min_int (-1)));
  attempt "Int64.div" (fun () -> Int64.to_string (Int64.div 5L (Int64.of_int !zero)));
  attempt "Int64.rem" (fun () -> Int64.to_string (Int64.rem 5L 0L));
  attempt "Int64.div min" (fun () -> Int64.to_string (Int64.div Int64.min_int (-1L)));
  attempt "Int64.rem min" (fun () -> Int64.to_string (Int64.rem Int64.min_int (-1L)));
  attempt "Int32.div" (fun () -> Int32.to_string (Int32.div 5l (Int32.of_int !zero)));
  attempt "Int32.rem" (fun () -> Int32.to_string (Int32.rem 5l 0l));
  attempt "Nativeint.div" (fun () -> Nativeint.to_string (Nativeint.div 5n 0n));
  attempt "Nativeint.rem" (fun () -> Nativeint.to_string (Nativeint.rem 5n (Nativeint.of_int !zero)));
  attempt "float /. 0" (fun () -> string_of_float (1.0 /. float !zero));
  attempt "in fold" (fun () -> string_of_int (List.fold_left (fun acc x -> acc + 100 / x) 0 [1; 2; 0; 4]));
  List.iter (fun (a, b) ->
      print_int (a / b); print_char ' '; print_int (a mod b); print_char ' ';
      print_int (divide a b); print_char ' '; print_int (modulo a b); print_string "; ")
    [(7, 2); (-7, 2); (7, -2); (-7, -2); (0, 5); (max_int, 2); (min_int, 2); (min_int, max_int); (1, min_int)];
  print_newline ();
  for d = -3 to 3 do
    print_string (try string_of_int (100 / d) with Division_by_zero -> "X"); print_char ' '
  done;
  print_newline ();
  (* division by powers of two (optimisable) on negatives *)
  List.iter (fun a -> print_int (a / 4); print_char ' '; print_int (a mod 4); print_char ' '; print_int (a / 1); print_char ' ')
    [-9; -8; -1; 0; 1; 9; min_int];
  print_newline ();
  let r = ref 0 in
  (try
     for i = 5 downto -5 do r := !r + 1000 / i done
   with Division_by_zero -> print_string "stopped at zero with ");
  print_int !r; print_newline ()
