(* Unboxed parameters and results for known calls: workers and wrappers. *)
let[@inline never] norm x y = sqrt (x *. x +. y *. y)

(* A recursive float function: its own calls pass and take naked floats. *)
let rec fib n = if n < 2 then 1.0 else fib (n - 1) +. fib (n - 2)

(* An accumulator returned as it came: a parameter that is also the result. *)
let rec sum acc x n = if n = 0 then acc else sum (acc +. x) (x *. 0.5) (n - 1)

let[@inline never] mix h x = Int64.mul (Int64.logxor h x) 1099511628211L
let[@inline never] add32 a b = Int32.add a (Int32.mul b 3l)
let[@inline never] addn a b = Nativeint.sub a (Nativeint.shift_left b 2)

(* A result that is sometimes a static box. *)
let[@inline never] pick c x = if c then 2.5 else x *. 2.0

(* A worker that raises. *)
exception Negative of float
let[@inline never] checked x = if x < 0.0 then raise (Negative x) else x +. 1.0

let () =
  let total = ref 0.0 in
  for i = 1 to 10 do total := !total +. norm (float i) 1.0 done;
  Printf.printf "%.6f\n" !total;
  Printf.printf "%.1f %.6f\n" (fib 20) (sum 0.0 1.0 30);
  let h = ref 0L in
  for i = 1 to 100 do h := mix !h (Int64.of_int i) done;
  Printf.printf "%Ld %ld %nd\n" !h (add32 7l 5l) (addn 100n 3n);
  Printf.printf "%.2f %.2f\n" (pick true 1.0) (pick false 1.0);
  (* the same functions through closures: the wrappers *)
  let fs = [| norm; (fun a b -> a -. b) |] in
  let ms = [ mix; (fun a _ -> a) ] in
  Printf.printf "%.3f %Ld\n" (fs.(0) 3.0 4.0) ((List.hd ms) 5L 7L);
  let boxes = List.map (fun x -> pick false x) [ 1.0; 2.0 ] in
  List.iter (fun b -> Printf.printf "%.1f " b) boxes;
  print_newline ();
  (try ignore (checked 1.0); ignore (checked (-2.0)) with Negative x -> Printf.printf "negative %.1f\n" x);
  Printf.printf "%.1f\n" (checked 41.0);
  (* calls that gain: fresh boxes in, results opened at once *)
  let c = ref 0.0 and s32 = ref 0 and sn = ref 0 in
  for i = 1 to 6 do
    c := !c +. checked (float i) +. pick (i mod 2 = 0) (float i);
    s32 := !s32 + Int32.to_int (add32 (Int32.of_int i) (Int32.of_int !s32));
    sn := !sn + Nativeint.to_int (addn (Nativeint.of_int (i * 100)) (Nativeint.of_int i))
  done;
  Printf.printf "%.1f %d %d\n" !c !s32 !sn
