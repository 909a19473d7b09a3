(* benchmark: Map.Make and Set.Make over ints and strings (insertions, lookups, removals, folds and set algebra on AVL trees; the comparison is the argument's, called through the functor) *)
module IntMap = Map.Make (Int)
module SMap = Map.Make (String)
module IntSet = Set.Make (Int)
module SSet = Set.Make (String)

let n = 200_000

let () =
  (* An int map: pseudo-random keys, lookups, removals of half. *)
  let m = ref IntMap.empty in
  let x = ref 12345 in
  for i = 1 to n do
    x := (!x * 1103515245 + 12345) land 0x3FFFFFFF;
    m := IntMap.add (!x mod 1_000_000) i !m
  done;
  let hits = ref 0 in
  for k = 0 to 999_999 do
    if k land 1 = 0 then (match IntMap.find_opt k !m with Some _ -> incr hits | None -> ())
  done;
  for k = 0 to 499_999 do m := IntMap.remove k !m done;
  let sum = IntMap.fold (fun k v acc -> (acc + k + v) land 0xFFFFFF) !m 0 in
  print_endline (string_of_int (IntMap.cardinal !m) ^ " " ^ string_of_int !hits ^ " " ^ string_of_int sum)

let () =
  (* A string map counting words, and string sets. *)
  let word i = "w" ^ string_of_int ((i * 7919) mod 20_000) in
  let counts = ref SMap.empty in
  for i = 1 to n do
    counts := SMap.update (word i) (function None -> Some 1 | Some c -> Some (c + 1)) !counts
  done;
  let most = SMap.fold (fun _ c best -> if c > best then c else best) !counts 0 in
  let s1 = ref SSet.empty and s2 = ref SSet.empty in
  for i = 1 to 50_000 do
    s1 := SSet.add (word i) !s1;
    s2 := SSet.add (word (i * 3)) !s2
  done;
  let common = SSet.cardinal (SSet.inter !s1 !s2) in
  print_endline (string_of_int (SMap.cardinal !counts) ^ " " ^ string_of_int most ^ " " ^ string_of_int common)

let () =
  (* Int set algebra. *)
  let a = ref IntSet.empty and b = ref IntSet.empty in
  for i = 1 to n do
    a := IntSet.add ((i * 17) mod 300_000) !a;
    b := IntSet.add ((i * 29) mod 300_000) !b
  done;
  let u = IntSet.union !a !b and i = IntSet.inter !a !b and d = IntSet.diff !a !b in
  let evens = IntSet.filter (fun x -> x land 1 = 0) u in
  print_endline
    (String.concat " "
       (List.map string_of_int
          [ IntSet.cardinal u; IntSet.cardinal i; IntSet.cardinal d; IntSet.cardinal evens;
            IntSet.min_elt u; IntSet.max_elt u ]))
