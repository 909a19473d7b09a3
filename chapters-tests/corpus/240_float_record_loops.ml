(* Records of floats returned as their fields and carried around loops
   (chapter "Unboxing"): the complex numbers below are never built in
   the loops, and the cases where a record must stay whole (written to,
   shared, compared) keep it. *)

type c = { re : float; im : float }

let[@inline never] mul a b =
  { re = (a.re *. b.re) -. (a.im *. b.im); im = (a.re *. b.im) +. (a.im *. b.re) }

let[@inline never] add a b = { re = a.re +. b.re; im = a.im +. b.im }

let norm2 z = (z.re *. z.re) +. (z.im *. z.im)

(* A loop over a reference. *)
let rotate n =
  let z = ref { re = 1.0; im = 0.0 } in
  let w = { re = cos 0.001; im = sin 0.001 } in
  for _ = 1 to n do
    z := mul !z w
  done;
  !z

(* Escape time, a loop written as a recursive function. *)
let escape c =
  let rec go i z = if i = 50 || norm2 z > 4.0 then i else go (i + 1) (add (mul z z) c) in
  go 0 { re = 0.0; im = 0.0 }

(* A join whose record is written to afterwards: it stays whole. *)
type m = { mutable a : float; mutable b : float }

let[@inline never] written c =
  let r = if c then { a = 1.0; b = 2.0 } else { a = 3.0; b = 4.0 } in
  r.a <- r.a +. 10.0;
  r.a +. r.b

(* A record passed to a join and also written to through another name. *)
let[@inline never] aliased c =
  let x = { a = 1.0; b = 2.0 } in
  let y = if c then x else { a = 0.0; b = 0.0 } in
  x.a <- 5.0;
  y.a +. y.b

(* A record returned whole, kept and compared. *)
let[@inline never] pick c x = if c then x else { re = x.im; im = x.re }

let kept = ref []

let[@inline never] make k = { re = float k; im = float (k * 2) }

let () =
  let z = rotate 100000 in
  Printf.printf "%.6f %.6f\n" z.re z.im;
  let total = ref 0 in
  for y = -10 to 10 do
    for x = -20 to 10 do
      total := !total + escape { re = float x /. 10.0; im = float y /. 10.0 }
    done
  done;
  Printf.printf "%d\n" !total;
  Printf.printf "%.1f %.1f\n" (written true) (written false);
  Printf.printf "%.1f %.1f\n" (aliased true) (aliased false);
  let x = { re = 1.0; im = 2.0 } in
  Printf.printf "%b %b\n" (pick true x == x) (pick false x == x);
  for k = 1 to 1000 do
    let r = make k in
    if k mod 100 = 0 then kept := r :: !kept
  done;
  Printf.printf "%d %.1f\n" (List.length !kept)
    (List.fold_left (fun s r -> s +. r.re +. r.im) 0.0 !kept)
