(* Recursive functions returning pairs, tail calls between functions of
   the same result, exceptions escaping a worker, and polymorphic use. *)

let rec fib_pair n = if n = 0 then (0, 1) else
  let a, b = fib_pair (n - 1) in (b, a + b)

(* A tail call returns on the caller's behalf. *)
let rec go n acc lo = if n = 0 then (acc, lo) else go (n - 1) (acc + n) (min lo n)
let[@inline never] start n = go n 0 max_int

let[@inline never] checked_div a b =
  if b = 0 then raise (Invalid_argument "zero") else (a / b, a mod b)

let[@inline never] minmax (l : float list) =
  let rec loop lo hi = function
    | [] -> (lo, hi)
    | x :: rest -> loop (if x < lo then x else lo) (if x > hi then x else hi) rest
  in
  loop infinity neg_infinity l

let[@inline never] pair_with x y = (x, y)

let apply_twice f x = f (f x)

let () =
  let a, b = fib_pair 30 in
  Printf.printf "%d %d\n" a b;
  let s, lo = start 100 in
  Printf.printf "%d %d\n" s lo;
  let total = ref 0 in
  for i = -3 to 3 do
    match checked_div 100 i with
    | q, r -> total := !total + q + r
    | exception Invalid_argument m -> print_endline m
  done;
  Printf.printf "%d\n" !total;
  (* The exception escapes the worker, out of the loop. *)
  (try
     for i = 3 downto -3 do
       let q, r = checked_div 100 i in
       Printf.printf "%d %d; " q r
     done
   with Invalid_argument m -> print_endline m);
  let lo, hi = minmax [ 3.5; -1.25; 8.0; 2.0 ] in
  Printf.printf "%g %g\n" lo hi;
  let p = pair_with "a" [ 1; 2 ] in
  let q = pair_with 1.5 'c' in
  Printf.printf "%s %d %g %c\n" (fst p) (List.length (snd p)) (fst q) (snd q);
  let swap (x, y) = (y, x) in
  let x, y = apply_twice swap (1, 2) in
  Printf.printf "%d %d\n" x y;
  (* Physical identity of a returned pair kept by its caller. *)
  let r = pair_with 1 2 in
  Printf.printf "%b %b\n" (r == r) (pair_with 1 2 = r)
