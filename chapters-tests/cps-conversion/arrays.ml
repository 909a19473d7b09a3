(* stage: interp-cps *)
(* Polymorphic code on float arrays: flat, found out at run time. *)
let swap a i j = let t = a.(i) in a.(i) <- a.(j); a.(j) <- t
let first a = a.(0)
let () =
  let f = [| 1.5; 2.5; 3.5 |] in
  swap f 0 2;
  print_float (first f); print_char ' ';
  let i = [| 1; 2; 3 |] in
  swap i 0 1;
  print_int (first i); print_char ' ';
  let s = Array.make 2 "x" in
  s.(1) <- "y";
  print_string (s.(0) ^ s.(1)); print_newline ();
  (try ignore (i.(3)) with Invalid_argument m -> print_string m);
  print_newline ();
  (try f.(-1) <- 0.0 with Invalid_argument m -> print_string m);
  print_newline ();
  let m = Array.init 3 (fun k -> float_of_int k *. 0.5) in
  print_float (Array.fold_left ( +. ) 0.0 m); print_newline ();
  print_char "hello".[4]; print_newline ()
