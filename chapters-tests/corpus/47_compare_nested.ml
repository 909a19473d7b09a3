(* polymorphic compare/=/<>/</min/max on nested data: floats and nan inside tuples/lists/arrays/records, float arrays, boxed ints, strings, variants mixing constant and non-constant constructors, refs, physical equality *)
type v = Nil | Leaf of float | Pair of v * v | Named of string * int64 | Many of v array
type r = { f : float; s : string; l : int list }

let sign x = if x < 0 then -1 else if x > 0 then 1 else 0
let c a b = print_int (sign (compare a b)); print_char ' '
let e b = print_string (if b then "T " else "F ")
let nl () = print_newline ()

let () =
  c (1.0, nan) (1.0, nan); c (nan, 0.0) (1.0, 0.0); c [nan] [0.0]; c [| nan |] [| nan |]; c (Some nan) (Some 1.0); nl ();
  e ((1.0, nan) = (1.0, nan)); e ([nan] = [nan]); e ([| nan |] = [| nan |]); e (Leaf nan = Leaf nan); e ((1.0, nan) <> (1.0, nan)); nl ();
  e ([0.0] = [-0.0]); c [0.0] [-0.0]; e ([| 1.0; 2.0 |] = [| 1.0; 2.0 |]); c [| 1.0; 2.0 |] [| 1.0; 3.0 |]; c [| 1.0 |] [| 0.0; 0.0 |]; nl ();
  c Nil (Leaf 0.0); c (Leaf 0.0) Nil; c (Leaf 2.0) (Pair (Nil, Nil)); c (Pair (Nil, Leaf 1.0)) (Pair (Nil, Leaf 0.5)); nl ();
  c (Named ("a", 5L)) (Named ("a", -5L)); c (Named ("a", Int64.min_int)) (Named ("a", Int64.max_int)); c (Named ("b", 0L)) (Named ("a", 9L)); nl ();
  c (Many [| Nil |]) (Many [| Nil; Nil |]); c (Many [| Leaf 1.0 |]) (Many [| Leaf 1.0 |]); e (Many [| Pair (Leaf 1.0, Nil) |] = Many [| Pair (Leaf 1.0, Nil) |]); nl ();
  c { f = 1.0; s = "x"; l = [1; 2] } { f = 1.0; s = "x"; l = [1; 3] }; c { f = 2.0; s = "a"; l = [] } { f = 1.0; s = "z"; l = [9] };
  e ({ f = 0.5; s = "q"; l = [1] } = { f = 0.5; s = "q"; l = [1] }); nl ();
  c "abc" "abd"; c "ab" "abc"; c "" ""; c "\255" "a"; c ["b"] ["a"; "z"]; c ("x", 1) ("x", 0); nl ();
  c 1L 2L; c (-1L) 1L; c Int64.min_int Int64.max_int; c 1l (-1l); c 3n 3n; c [Some 1L] [Some 1L]; e (5L = 5L); e (Int64.add 2L 3L = 5L); nl ();
  c (ref 1) (ref 2); e (ref "a" = ref "a"); e (ref "a" == ref "a"); let x = ref 0 in e (x == x); nl ();
  e (String.make 1 'a' == String.make 1 'a'); let s = "abc" in e (s == s); e (1 == 1); e ([] == []); e (None == None); nl ();
  c (Some (Some 1)) (Some None); c (Some [1]) (Some []); c [[1]; []] [[1]; [0]]; nl ();
  c (min (1, "b") (1, "a")) (1, "a"); c (max [3] [2; 9]) [3]; c (min nan 1.0) nan; c (max "ab" "b") "b"; nl ();
  print_float (min 1.0 2.0); print_char ' '; print_float (max (-0.0) 0.0); print_char ' ';
  print_string (min "pear" "apple"); print_char ' '; print_string (fst (max ("z", 1) ("a", 2))); nl ();
  e ((1, 2) < (1, 3)); e ([1; 2] > [1]); e ("b" >= "ab"); e (Leaf 1.0 <= Leaf nan); e (Leaf nan < Leaf 1.0); e ((nan, 1) < (nan, 2)); nl ();
  let sorted = List.sort compare [Pair (Nil, Nil); Leaf 3.0; Nil; Named ("z", 1L); Leaf (-1.0); Many [||]; Leaf nan] in
  List.iter (fun v -> print_string (match v with Nil -> "Nil" | Leaf f -> "Leaf " ^ string_of_float f | Pair _ -> "Pair"
                                                 | Named (n, _) -> "Named " ^ n | Many _ -> "Many"); print_string "; ") sorted; nl ();
  let fs = List.sort compare [3.0; nan; -1.0; infinity; neg_infinity; 0.0; nan] in
  List.iter (fun f -> print_float f; print_char ' ') fs; nl ();
  (try c (fun x -> x + 1) (fun x -> x + 1) with Invalid_argument m -> print_string ("Invalid_argument " ^ m)); nl ();
  (try e ((1, fun x -> x) = (1, fun x -> x)) with Invalid_argument m -> print_string ("Invalid_argument " ^ m)); nl ();
  (try e ((1, fun x -> x) = (2, fun x -> x)) with Invalid_argument m -> print_string ("Invalid_argument " ^ m)); nl ();
  let deep n = let rec go i acc = if i = 0 then acc else go (i - 1) (Pair (Leaf (float i), acc)) in go n Nil in
  c (deep 10000) (deep 10000); e (deep 5000 = deep 5000); c (deep 100) (deep 101); nl ();
  let long = List.init 100000 (fun i -> i) in
  e (long = List.init 100000 (fun i -> i)); c long (List.init 100000 (fun i -> if i = 99999 then 0 else i)); nl ()
