(* Or-patterns in many columns: the match compiler shares the subtrees the
   alternatives lead to, instead of copying them (2^16 copies here). *)
type t = A | B | C
type u = P of int | Q of int * int | R

let classify = function
  | ( (A | B), (A | B), (A | B), (A | B), (A | B), (A | B), (A | B), (A | B),
      (A | B), (A | B), (A | B), (A | B), (A | B), (A | B), (A | B), (A | B) ) ->
      "all A or B"
  | C, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _ -> "C first"
  | _ -> "a C later"

let name = function A -> "A" | B -> "B" | C -> "C"

let f = function
  | (P n | Q (n, _)), (P m | Q (_, m)) -> n + m
  | R, (P k | Q (k, _)) | (P k | Q (k, _)), R -> k * 100
  | R, R -> -1

let g x y =
  match (x, y) with
  | (A | B), (A | B) when x = y -> 1
  | (A | B), (A | B) -> 2
  | _, C -> 3
  | C, _ -> 4

let () =
  let row v = (v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v) in
  print_endline (classify (row A));
  print_endline (classify (row B));
  print_endline (classify (row C));
  let a, b, c, d, e, f', g', h, i, j, k, l, m, n, o, _ = row B in
  print_endline (classify (a, b, c, d, e, f', g', h, i, j, k, l, m, n, o, C));
  print_endline (classify (A, B, A, B, A, B, A, B, A, B, A, B, A, B, A, B));
  List.iter
    (fun (x, y) -> print_int (f (x, y)); print_newline ())
    [ (P 1, P 2); (P 1, Q (5, 6)); (Q (3, 4), P 10); (R, P 7); (Q (8, 9), R); (R, R) ];
  List.iter
    (fun x -> List.iter (fun y -> print_string (name x ^ name y ^ "=" ^ string_of_int (g x y) ^ " ")) [ A; B; C ])
    [ A; B; C ];
  print_newline ()
