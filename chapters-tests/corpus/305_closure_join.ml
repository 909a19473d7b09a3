(* Closures of one code passed to a join point or carried around a loop:
   split into their value slots, called through a copy of their code, and
   built again only where they escape. *)

let mk a b = let g x = (x * a) + b in g
let mkf s = let h x = x *. s in h
let tests = [| true; false; true |]

(* A join of two closures of the same code, called twice after it. *)
let[@inline never] join c a b n =
  let g = if c then mk a 1 else mk b 2 in
  print_string ".";
  g n + g (n + 1)

(* A closure of a float slot, called in a loop after the join. *)
let[@inline never] scale c n =
  let h = if c then mkf 0.5 else mkf 2.0 in
  let s = ref 0.0 in
  for i = 1 to n do s := !s +. h (float i) done;
  !s

(* A loop carrying a closure rebuilt at every turn. *)
let sum n =
  let f = ref (mk 0 0) in
  let acc = ref 0 in
  for i = 1 to n do
    acc := !acc + !f i;
    f := mk i (i mod 7)
  done;
  !acc

(* Three closures through two joins. *)
let[@inline never] chain c d a =
  let g = if c then mk a 0 else mk 0 a in
  print_string "-";
  let g' = if d then g else mk 3 3 in
  g' 10

let () =
  print_int (join tests.(0) 3 4 5);
  print_int (join tests.(1) 3 4 5);
  print_newline ();
  Printf.printf "%.2f %.2f\n" (scale tests.(0) 100) (scale tests.(1) 100);
  print_int (sum 1000);
  print_newline ();
  List.iter
    (fun (c, d) -> print_int (chain c d 7); print_char ' ')
    [ (true, true); (true, false); (false, true); (false, false) ];
  print_newline ()
