(* Records of floats at joins (chapter "Unboxing"): a record passed to a
   join must stay whole when it is written to, kept or compared on some
   other path; one passed only to joins that read it is split. *)

type p = { mutable x : float; mutable y : float }

let saved = ref { x = 0.0; y = 0.0 }

(* Passed to a join that reads it, and to one that keeps it. *)
let[@inline never] two_joins c d =
  let r = { x = float c; y = 1.0 } in
  let s = if d then r else { x = 2.0; y = 3.0 } in
  let t = if c > 2 then r else { x = 4.0; y = 5.0 } in
  saved := t;
  t.x <- t.x +. 100.0;
  s.x +. s.y

(* Built in a loop, written to after the join. *)
let[@inline never] grow n =
  let acc = ref 0.0 in
  for i = 1 to n do
    let q = if i land 1 = 0 then { x = float i; y = 0.5 } else { x = 0.5; y = float i } in
    q.x <- q.x *. 2.0;
    acc := !acc +. q.x +. q.y
  done;
  !acc

(* A fresh record returned to callers that read it, and to one that
   writes to it. *)
let[@inline never] fresh k = { x = float k; y = float (k + 1) }

let[@inline never] use_fresh n =
  let s = ref 0.0 in
  for k = 1 to n do
    let r = fresh k in
    s := !s +. r.x -. r.y
  done;
  let w = fresh 7 in
  w.y <- 0.0;
  !s +. w.x +. w.y

(* A loop carrying a record it reads, whose last value is compared. *)
type v = { a : float; b : float }

let[@inline never] step v = { a = v.b; b = v.a +. v.b }

let[@inline never] fib n =
  let cur = ref { a = 0.0; b = 1.0 } in
  for _ = 1 to n do
    cur := step !cur
  done;
  !cur

let () =
  Printf.printf "%.1f %.1f\n" (two_joins 1 true) (two_joins 3 false);
  Printf.printf "%.1f %.1f\n" !saved.x !saved.y;
  Printf.printf "%.1f\n" (grow 1000);
  Printf.printf "%.1f\n" (use_fresh 1000);
  let f = fib 50 in
  Printf.printf "%.1f %.1f %b\n" f.a f.b (f == f);
  let g = fib 0 in
  Printf.printf "%.1f %.1f\n" g.a g.b
