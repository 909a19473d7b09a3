(* Split closures that escape: built again where they do, once, so that
   physical equality sees one closure; and the cases that must stay whole:
   a closure escaping twice, or inside a loop. *)

let mk a b = let g x = (x * a) + b in g
let tests = [| true; false |]
let saved = ref (mk 0 0)

(* Called after the join, and stored on one path only. *)
let[@inline never] escape_one c a =
  let g = if c then mk a 1 else mk a 2 in
  print_string ".";
  let r = g 10 in
  if r > 25 then saved := g;
  r

(* Returned on one path: the copy is the only closure the caller sees. *)
let[@inline never] escape_return c a =
  let g = if c then mk a 1 else mk a 2 in
  print_string ".";
  if g 0 = 1 then g else mk 9 9

(* Stored and compared: two uses that need the closure; stays whole. *)
let[@inline never] escape_twice c a =
  let g = if c then mk a 1 else mk a 2 in
  print_string ".";
  saved := g;
  !saved == g

(* A loop carrying a closure it stores at every turn: stays whole, or the
   list would hold copies. *)
let[@inline never] in_loop n =
  let f = ref (mk 1 1) in
  let l = ref [] in
  for i = 1 to n do
    l := !f :: !l;
    if i mod 2 = 0 then f := mk i 0
  done;
  let l = !l in
  List.length l, List.fold_left (fun acc g -> acc + g 1) 0 l,
  (match l with a :: b :: _ -> a == b | _ -> false)

(* Carried unchanged around a loop and returned at its exit. *)
let keep n =
  let f = ref (mk 1 2) in
  for i = 1 to n do
    if i mod 3 = 0 then f := mk i 0
  done;
  !f

let () =
  print_int (escape_one tests.(0) 2);
  print_int (escape_one tests.(1) 3);
  print_int (!saved 1);
  print_newline ();
  let g = escape_return tests.(0) 4 and h = escape_return tests.(1) 4 in
  Printf.printf "%d %d %b %b\n" (g 3) (h 3) (g == g) (g == h);
  Printf.printf "%b %b\n" (escape_twice tests.(0) 1) (escape_twice tests.(1) 2);
  let n, s, same = in_loop 7 in
  Printf.printf "%d %d %b\n" n s same;
  let k = keep 10 in
  let k' = keep 10 in
  Printf.printf "%d %b %b\n" (k 5) (k == k) (k == k')
