(* Recursive definitions of values, which OCaml allows when the names
   defined are only stored in new blocks, never read, while the blocks are
   being built. *)
let rec ones = 1 :: ones

type t = { name : string; next : t }

let rec a = { name = "a"; next = b }
and b = { name = "b"; next = a }

type node = N of int * node

let rec p = N (1, q)
and q = N (2, p)

let rec f n = if n = 0 then 0 else List.hd evens + List.hd odds + f (n - 1)
and evens = 0 :: 2 :: odds
and odds = 1 :: 3 :: evens

let value (N (v, _)) = v
let next (N (_, n)) = n

let () =
  (match ones with x :: y :: z :: _ -> print_int (x + y + z) | _ -> ());
  print_newline ();
  print_string a.next.next.next.name;
  print_newline ();
  print_int (value (next (next (next p))));
  print_newline ();
  print_int (f 3);
  print_newline ();
  let rec cycle = 'x' :: 'y' :: cycle in
  print_char (List.nth cycle 5);
  print_newline ();
  let rec l = [ 1 ] in
  print_int (List.length l);
  print_newline ();
  let rec g x = if x > 0 then List.length h + g (x - 1) else 0
  and h = [ g; g ] in
  print_int (g 4);
  print_newline ()
