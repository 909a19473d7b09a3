(* The float functions of Stdlib and the module Float, as OCaml 4.13 has them. *)
let pf x = Printf.printf "%.17g\n" x
let pb b = print_endline (string_of_bool b)

let () =
  List.iter pf
    [ atan2 1. 2.; hypot 3. 4.; copysign 2. (-0.); log10 1000.; log1p 1e-10; expm1 1e-10;
      acos 0.5; asin 0.5; atan 1.; cosh 1.; sinh 1.; tanh 0.5; tan 1.; mod_float (-7.5) 2. ];
  List.iter pf
    [ Float.trunc (-2.7); Float.round 2.5; Float.round (-2.5); Float.round 0.49999999999999994;
      Float.pi; Float.rem 7. 3.; Float.pow 2. 10.; Float.of_int 7; Float.abs (-3.);
      Float.min 1. 2.; Float.max 1. 2.; Float.min (-0.) 0.; Float.max (-0.) 0.;
      Float.min nan 1.; Float.max 1. nan; Float.copy_sign 3. (-1.); Float.neg 2.;
      Float.add 1. 2.; Float.sub 1. 2.; Float.mul 3. 4.; Float.div 1. 4.; Float.epsilon ];
  print_int (Float.to_int 3.99); print_newline ();
  pb (Float.is_nan nan); pb (Float.is_nan 1.); pb (Float.is_finite infinity); pb (Float.is_infinite neg_infinity);
  pb (Float.is_integer 3.); pb (Float.is_integer 3.5); pb (Float.is_integer infinity);
  pb (Float.sign_bit (-0.)); pb (Float.sign_bit 0.); pb (Float.equal nan nan); pb (nan = nan);
  print_int (Float.compare 1. nan); print_int (Float.compare nan nan); print_newline ();
  print_endline (Float.to_string 1e100 ^ " " ^ Float.to_string 3.);
  let a = Array.map (fun x -> Float.round (x *. 10.) /. 10.) [| 1.234; 5.678 |] in
  Array.iter pf a
