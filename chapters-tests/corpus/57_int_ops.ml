(* int primitives not in 01: lnot, asr/lsr/lsl on negatives and by 0/62/63, succ/pred/abs at the extremes, min/max, literal forms, operators as first-class functions, compare on ints, wraparound in multiplication *)
let p n = print_int n; print_char ' '
let nl () = print_newline ()

let () =
  p (lnot 0); p (lnot (-1)); p (lnot max_int); p (lnot min_int); p (lnot 12345); nl ();
  p (-16 asr 2); p (-1 asr 62); p (min_int asr 62); p (max_int asr 61); p (5 asr 0); nl ();
  p (-1 lsr 1); p (-16 lsr 60); p (min_int lsr 62); p (1 lsr 0); p (max_int lsr 61); nl ();
  p (1 lsl 62); p (1 lsl 61); p (3 lsl 61); p (-1 lsl 10); p (max_int lsl 1); nl ();
  p (succ max_int); p (pred min_int); p (abs min_int); p (abs (-7)); p (abs 7); p (- min_int); nl ();
  p (min 3 (-3)); p (max 3 (-3)); p (min min_int max_int); p (max 0 0); nl ();
  p 0x7FFF_FFFF; p 0o777; p 0b1010_1010; p (-0x80); p 0xFFFFFFFFFFFFFFF; p 1_2_3; nl ();
  p (max_int * 2); p (max_int * max_int); p (min_int * (-1)); p (123456789 * 987654321); p (min_int + min_int); nl ();
  p (0xFF land 0x0F); p (0xF0 lor 0x0F); p (0xFF lxor 0x0F); p (-1 land max_int); p (min_int lor 1); p (-6 lxor 3); nl ();
  let ops = [( + ); ( - ); ( * ); ( / ); ( mod ); ( land ); ( lor ); ( lxor ); ( lsl ); ( asr ); ( lsr ); min; max] in
  List.iter (fun op -> p (op 29 3)) ops; nl ();
  List.iter (fun op -> p (op (-29) 3)) ops; nl ();
  let cmps = [( = ); ( <> ); ( < ); ( > ); ( <= ); ( >= )] in
  List.iter (fun c -> print_string (if c 2 3 then "T" else "F")) cmps;
  List.iter (fun c -> print_string (if c min_int max_int then "T" else "F")) cmps;
  List.iter (fun c -> print_string (if c 5 5 then "T" else "F")) cmps; nl ();
  p (compare 1 2); p (compare max_int min_int); p (compare 0 0); p (compare (-1) 1); nl ();
  let h = ref 0 in
  for i = 1 to 1000 do h := (!h * 31 + i) lxor (!h asr 7) done;
  p !h; nl ();
  let popcount n = let rec go n c = if n = 0 then c else go (n land (n - 1)) (c + 1) in go n 0 in
  p (popcount 0); p (popcount max_int); p (popcount min_int); p (popcount (-1)); p (popcount 0xF0F0); nl ();
  let rec gcd a b = if b = 0 then abs a else gcd b (a mod b) in
  p (gcd 462 1071); p (gcd (-48) 18); p (gcd 0 5); p (gcd max_int 3); nl ();
  p (- (-5)); p (-(3 - 5)); p (~- 4); p (2 - -3); nl ()
