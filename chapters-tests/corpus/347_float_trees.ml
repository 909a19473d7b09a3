(* Float expressions the CPS interpreter fuses into trees, and the cases
   where it must not: a load read after a store to the same field, a value
   read by a closure or in another continuation, long chains. *)
type point = { mutable x : float; mutable y : float }

(* The load of p.x must happen before the store, though it is read after. *)
let[@inline never] swap_read p =
  let old = p.x in
  p.x <- 5.0;
  let sum = old +. 1.0 in
  sum +. p.x

(* A load read once, but in a closure. *)
let[@inline never] captured p =
  let v = p.y *. 2.0 in
  p.y <- 0.0;
  fun z -> v +. z

(* Read once, in another continuation (after a call). *)
let[@inline never] across_call p =
  let a = p.x -. p.y in
  let s = sqrt 16.0 in
  a *. s

(* A chain deeper than any tree may grow. *)
let[@inline never] chain x =
  let a1 = x +. 1.0 in let a2 = a1 *. 1.5 in let a3 = a2 -. 0.25 in
  let a4 = a3 /. 2.0 in let a5 = a4 +. a4 in let a6 = a5 *. 0.5 in
  let a7 = a6 +. 1.0 in let a8 = a7 *. 1.5 in let a9 = a8 -. 0.25 in
  let a10 = a9 /. 2.0 in let a11 = a10 +. 3.0 in let a12 = a11 *. 0.5 in
  let a13 = a12 +. 1.0 in let a14 = a13 *. 1.5 in let a15 = a14 -. 0.25 in
  let a16 = a15 /. 2.0 in let a17 = a16 +. 3.0 in let a18 = a17 *. 0.5 in
  let a19 = a18 +. 1.0 in let a20 = a19 *. 1.5 in let a21 = a20 -. 0.25 in
  let a22 = a21 /. 2.0 in let a23 = a22 +. 3.0 in let a24 = a23 *. 0.5 in
  let a25 = a24 +. 1.0 in let a26 = a25 *. 1.5 in let a27 = a26 -. 0.25 in
  let a28 = a27 /. 2.0 in let a29 = a28 +. 3.0 in let a30 = a29 *. 0.5 in
  let a31 = a30 +. 1.0 in let a32 = a31 *. 1.5 in let a33 = a32 -. 0.25 in
  let a34 = a33 /. 2.0 in let a35 = a34 +. 3.0 in let a36 = a35 *. 0.5 in
  let a37 = a36 +. 1.0 in let a38 = a37 *. 1.5 in let a39 = a38 -. 0.25 in
  a39 -. 0.125

(* Negation, absolute value, and stores whose values are trees. *)
let[@inline never] reflect p =
  p.x <- -. (p.x *. 2.0) +. abs_float (p.y -. 10.0);
  p.y <- abs_float (-. p.y) /. 4.0

(* A loop whose body is float trees around a store, as nbody's is. *)
let[@inline never] integrate p steps =
  for _ = 1 to steps do
    let dx = p.y *. 0.01 in
    p.x <- p.x +. dx;
    p.y <- p.y -. p.x *. 0.01
  done

let () =
  let p = { x = 1.0; y = 2.0 } in
  Printf.printf "%.6f\n" (swap_read p);
  let f = captured p in
  Printf.printf "%.6f %.6f\n" (f 1.0) p.y;
  p.y <- 3.0;
  Printf.printf "%.6f\n" (across_call p);
  Printf.printf "%.6f\n" (chain 2.0);
  reflect p;
  Printf.printf "%.6f %.6f\n" p.x p.y;
  let q = { x = 1.0; y = 0.0 } in
  integrate q 1000;
  Printf.printf "%.6f %.6f\n" q.x q.y
