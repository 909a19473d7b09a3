(* Boxed floats opened where they are used, in the interpreters too: a
   box read both as a number and as a value, a box a closure captures, the
   boxes of a loop's parameters, and float fields loaded and stored in
   the same straight line. *)
type p = { mutable a : float; mutable b : float }

let keep = ref []

let () =
  let x = 1.5 in
  let y = x *. 2.0 in
  keep := y :: !keep;                     (* the box is read as a value *)
  let add z = y +. z in                   (* and captured *)
  Printf.printf "%g %g\n" (y +. 1.0) (add 0.25)

let rec sum acc i = if i = 0 then acc else sum (acc +. float_of_int i *. 0.5) (i - 1)

let () =
  let r = { a = 1.0; b = 2.0 } in
  for i = 1 to 5 do
    let old = r.a in
    r.a <- r.b +. float_of_int i;
    r.b <- old *. 0.5 +. r.a
  done;
  Printf.printf "%.6f %.6f %g\n" r.a r.b (sum 0.0 10);
  let fs = List.map (fun k -> let f = float_of_int k /. 3.0 in fun () -> f *. f) [1; 2; 3] in
  List.iter (fun g -> Printf.printf "%.4f " (g ())) fs;
  print_newline ();
  List.iter (fun v -> Printf.printf "%g\n" v) !keep
