(* Calls on split closures run a copy of the code: copies that raise,
   that loop, that capture floats and several values, and closures that
   escape into another closure. *)

exception Too_big of int

let checker limit = let check x = if x > limit then raise (Too_big x) else x * 2 in check
let power e = let pow x = let r = ref 1 in for _ = 1 to e do r := !r * x done; !r in pow
let affine a b s = let f x = (a *. x) +. b +. float s in f
let tests = [| true; false |]

(* The copy raises to the handler of the call. *)
let[@inline never] guarded c n =
  let f = if c then checker 10 else checker 100 in
  print_string "[";
  let r = try f n with Too_big x -> -x in
  print_string "]";
  r

(* The copy holds a loop. *)
let[@inline never] pow c x =
  let p = if c then power 3 else power 5 in
  print_string "^";
  p x + p (x + 1)

(* Three slots, two of them floats, around a loop. *)
let[@inline never] series c n =
  let f = ref (if c then affine 0.5 1.0 2 else affine 2.0 0.0 1) in
  let s = ref 0.0 in
  for i = 1 to n do
    s := !s +. !f (float i);
    f := affine (1.0 /. float i) (float (i mod 3)) (i land 1)
  done;
  !s

(* Captured by another closure, which escapes: stays whole. *)
let[@inline never] captured c n =
  let f = if c then checker n else checker (n + 1) in
  print_string "<";
  let g y = f y + 1 in
  g

(* Through two joins into a loop, with the loop exit returning it. *)
let[@inline never] through c d n =
  let f = if c then power 2 else power 3 in
  print_string "~";
  let f = if d then f else power 1 in
  let acc = ref 0 and h = ref f in
  for i = 1 to n do
    acc := !acc + !h i;
    if i = n then h := power 0
  done;
  (!acc, !h 7)

let () =
  Printf.printf "%d %d %d\n" (guarded tests.(0) 5) (guarded tests.(0) 50) (guarded tests.(1) 50);
  Printf.printf "%d %d\n" (pow tests.(0) 2) (pow tests.(1) 2);
  Printf.printf "%.4f %.4f\n" (series tests.(0) 1000) (series tests.(1) 10);
  let g = captured tests.(0) 3 in
  Printf.printf "%d %d\n" (g 1) (try g 10 with Too_big x -> x);
  List.iter
    (fun (c, d) -> let a, b = through c d 5 in Printf.printf "%d %d " a b)
    [ (true, true); (true, false); (false, true); (false, false) ];
  print_newline ()
