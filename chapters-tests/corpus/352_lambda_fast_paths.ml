(* The Lambda interpreter's fast paths, each with the case it must hand
   back to the general path: integer arithmetic and comparisons with a
   call among their operands, a field set to any value, a chain of lets,
   an int array element compared in a loop. *)
let count = ref 0
let f x = incr count; x * 3
let zero () = incr count; 0

let table = Array.init 64 (fun i -> (i * 37) land 63)

let find v =
  try
    for i = 0 to Array.length table - 1 do
      if table.(i) = v then raise (Exit)
    done;
    -1
  with Exit -> v

let probe_out_of_bounds i = try table.(i) = 0 with Invalid_argument m -> print_endline m; false

let () =
  (* right to left, as ocamlopt evaluates: f 2 before f 1 *)
  let order = ref [] in
  let g x = order := x :: !order; x in
  Printf.printf "%d\n" (g 1 + g 2);
  List.iter (Printf.printf "%d ") !order; print_newline ();
  Printf.printf "%d %d %d\n" (f 5 - f 1) (f 4 * 7) (100 / f 3);
  Printf.printf "%d %d\n" (f 7 mod 4) (f 2 lsl 3);
  Printf.printf "%b %b %b\n" (f 1 < f 2) (f 3 = 9) (f 2 >= f 2);
  (try Printf.printf "%d\n" (10 / zero ()) with Division_by_zero -> print_endline "div by zero");
  (try Printf.printf "%d\n" (10 mod zero ()) with Division_by_zero -> print_endline "mod by zero");
  Printf.printf "calls %d\n" !count;
  Printf.printf "%d\n" (max_int + f 1);
  let acc = ref 0 in
  for x = 1 to 1000 do acc := !acc + f x done;
  Printf.printf "%d\n" !acc;
  let s = ref 0.0 in
  for j = 1 to 10 do s := !s +. float_of_int (f j) *. 0.5 done;
  Printf.printf "%.3f\n" !s;
  let r = ref [] in
  for i = 1 to 5 do r := f i :: !r done;
  List.iter (Printf.printf "%d ") !r; print_newline ();
  let cell = ref "a" in
  cell := !cell ^ string_of_int (f 4);
  print_endline !cell;
  let a = 1 in let b = a + f 1 in let a = b * 2 in let c = a - b in
  Printf.printf "%d %d %d\n" a b c;
  let hits = ref 0 in
  for v = 0 to 70 do if find v = v then incr hits done;
  Printf.printf "hits %d\n" !hits;
  Printf.printf "%b\n" (probe_out_of_bounds 64);
  Printf.printf "%b\n" (probe_out_of_bounds (-1));
  Printf.printf "%b\n" (probe_out_of_bounds 5)
