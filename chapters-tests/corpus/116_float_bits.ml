(* frexp, ldexp, modf, classify_float and Int64.bits_of_float, against C's
   results at the edges: zeros, subnormals, the largest float, infinities
   and NaN. *)
let show_class = function
  | FP_normal -> "normal" | FP_subnormal -> "subnormal" | FP_zero -> "zero"
  | FP_infinite -> "infinite" | FP_nan -> "nan"

let values =
  [ 1.0; -1.0; 0.0; -0.0; 0.1; 3.0; -7.5; 1024.0; 1e300; 5e-324; -5e-324; 2.2250738585072014e-308;
    1e-310; max_float; min_float; epsilon_float; infinity; neg_infinity; nan; 123456.789 ]

let () =
  List.iter
    (fun x ->
      let m, e = frexp x in
      let f, i = modf x in
      Printf.printf "%h: %s frexp (%h, %d) modf (%h, %h) bits %Lx\n" x (show_class (classify_float x)) m e
        f i (Int64.bits_of_float x))
    values;
  List.iter
    (fun (x, n) -> Printf.printf "ldexp %h %d = %h\n" x n (ldexp x n))
    [ (1.0, 0); (1.0, 10); (1.5, -1074); (1.0, -1074); (1.0, -1075); (0.75, -1074); (1.0, -1076);
      (1.0, 1023); (1.0, 1024); (0.5, 1024); (max_float, -1); (5e-324, 1074); (5e-324, 2000);
      (1e300, -2100); (3.0, -1073); (-3.0, -1073); (0.0, 5); (infinity, -3); (nan, 2); (-1.25, 3);
      (1.0, max_int); (1.0, min_int) ]
