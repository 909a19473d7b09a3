(* float primitives: floor/ceil/abs_float/sqrt/exp/log/sin/cos/**, truncate/int_of_float, float constants, nan and infinity arithmetic, comparisons involving nan, signed zero *)
let p f = print_float f; print_char ' '
let nl () = print_newline ()
let b x = print_string (if x then "T " else "F ")

let () =
  List.iter (fun x -> p (floor x); p (ceil x); p (abs_float x); nl ())
    [2.5; -2.5; 0.0; -0.0; 1e300; -0.4; 3.0; -3.0];
  p max_float; p min_float; p epsilon_float; p infinity; p neg_infinity; p nan; nl ();
  p (1.0 +. epsilon_float); p (max_float *. 2.0); p (-. max_float *. 2.0); p (min_float /. 2.0); nl ();
  p (infinity -. infinity); p (0.0 /. 0.0); p (infinity *. 0.0); p (-. nan); p (abs_float (-. nan)); nl ();
  p (sqrt (-1.0)); p (log 0.0); p (log (-1.0)); p (exp 1000.0); p (exp (-1000.0)); nl ();
  p (sqrt 16.0); p (exp 0.0); p (log 1.0); p (sin 0.0); p (cos 0.0); p (sin 1.0); p (cos 1.0); nl ();
  p (2.0 ** 0.5); p (2.0 ** (-1.0)); p (0.0 ** 0.0); p ((-8.0) ** (1.0 /. 3.0)); p (10.0 ** 308.0 *. 10.0); nl ();
  p (1.0 /. 0.0); p (-1.0 /. 0.0); p (1.0 /. (-0.0)); p (0.0 *. -1.0); nl ();
  List.iter (fun x -> print_int (truncate x); print_char ' '; print_int (int_of_float x); print_char ' ')
    [3.99; -3.99; 0.5; -0.5; 1e15; -1e15; 4611686018427387903.0 /. 2.0];
  nl ();
  List.iter (fun n -> p (float n); p (float_of_int n)) [0; 1; -1; 1 lsl 53; (1 lsl 53) + 1]; nl ();
  b (nan = nan); b (nan <> nan); b (nan < 1.0); b (nan > 1.0); b (nan <= nan); b (nan >= nan); b (nan == nan); nl ();
  print_int (compare nan nan); print_char ' '; print_int (compare nan 0.0); print_char ' ';
  print_int (compare 0.0 nan); print_char ' '; print_int (compare neg_infinity nan); nl ();
  p (min nan 1.0); p (min 1.0 nan); p (max nan 1.0); p (max 1.0 nan); nl ();
  b (0.0 = -0.0); print_int (compare 0.0 (-0.0)); print_char ' '; b (infinity = infinity);
  b (1.0 /. 0.0 > max_float); nl ();
  let x = ref 1.0 and n = ref 0 in
  while !x <> 0.0 do x := !x /. 2.0; incr n done;
  print_int !n; nl ();
  let y = ref 1.0 and m = ref 0 in
  while !y +. 1.0 <> !y do y := !y *. 2.0; incr m done;
  print_int !m; nl ();
  p (0.1 *. 3.0); p (1.0 -. 0.9); p (100.0 /. 3.0); p 123456789.123; p (-1e-10); p 1e21; p 1e22; nl ();
  p 1_000.5; p 1.6e1; p 1e-9; nl ()
