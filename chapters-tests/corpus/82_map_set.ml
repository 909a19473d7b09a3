(* Map.Make and Set.Make over ints and strings: the library's functors,
   with OCaml's iteration order and exceptions. *)
let sb b = if b then "true" else "false"
module IntMap = Map.Make (Int)
module SMap = Map.Make (String)
module IntSet = Set.Make (Int)
module SSet = Set.Make (String)

let print_bindings m =
  IntMap.iter (fun k v -> print_string (string_of_int k ^ "=" ^ v ^ " ")) m;
  print_newline ()

let () =
  let m = List.fold_left (fun m (k, v) -> IntMap.add k v m) IntMap.empty
      [ (5, "five"); (1, "one"); (9, "nine"); (3, "three"); (7, "seven"); (1, "uno") ] in
  print_bindings m;
  print_endline (string_of_int (IntMap.cardinal m));
  print_endline (IntMap.find 3 m);
  print_endline (match IntMap.find_opt 4 m with None -> "no 4" | Some s -> s);
  (try ignore (IntMap.find 4 m) with Not_found -> print_endline "Not_found");
  print_endline (sb (IntMap.mem 9 m) ^ " " ^ sb (IntMap.mem 2 m));
  let m2 = IntMap.remove 5 (IntMap.remove 42 m) in
  print_bindings m2;
  print_bindings (IntMap.map (fun v -> v ^ "!") m2);
  print_bindings (IntMap.mapi (fun k v -> v ^ string_of_int k) m2);
  print_bindings (IntMap.filter (fun k _ -> k mod 3 = 0) m);
  let (small, big) = IntMap.partition (fun k _ -> k < 5) m in
  print_bindings small; print_bindings big;
  let (k, v) = IntMap.min_binding m in print_endline (string_of_int k ^ v);
  let (k, v) = IntMap.max_binding m in print_endline (string_of_int k ^ v);
  print_endline (string_of_int (IntMap.fold (fun k _ acc -> acc * 10 + k) m 0));
  print_endline (sb (IntMap.exists (fun _ v -> v = "nine") m));
  print_endline (sb (IntMap.for_all (fun k _ -> k > 0) m));
  let u = IntMap.union (fun _ a b -> Some (a ^ "+" ^ b)) m (IntMap.singleton 3 "drei") in
  print_bindings u;
  let up = IntMap.update 2 (function None -> Some "two" | Some s -> Some s) m in
  print_bindings (IntMap.update 9 (fun _ -> None) up);
  print_endline (sb (IntMap.is_empty IntMap.empty) ^ sb (IntMap.equal (=) m m));
  (try ignore (IntMap.min_binding IntMap.empty) with Not_found -> print_endline "empty");
  List.iter (fun (k, v) -> print_string (string_of_int k ^ v)) (IntMap.bindings m);
  print_newline ()

let () =
  let words = [ "pear"; "apple"; "fig"; "kiwi"; "apple"; "banana"; "fig" ] in
  let counts = List.fold_left (fun m w ->
      SMap.update w (function None -> Some 1 | Some n -> Some (n + 1)) m) SMap.empty words in
  SMap.iter (fun w n -> print_endline (w ^ ": " ^ string_of_int n)) counts;
  let s = SSet.of_list words in
  print_endline (String.concat "," (SSet.elements s));
  print_endline (String.concat "," (SSet.elements (SSet.remove "fig" (SSet.add "cherry" s))));
  let a = IntSet.of_list [ 1; 2; 3; 4; 5; 6 ] and b = IntSet.of_list [ 4; 5; 6; 7; 8 ] in
  let show s = String.concat " " (List.map string_of_int (IntSet.elements s)) in
  print_endline (show (IntSet.union a b));
  print_endline (show (IntSet.inter a b));
  print_endline (show (IntSet.diff a b));
  print_endline (show (IntSet.filter (fun x -> x mod 2 = 0) (IntSet.union a b)));
  print_endline (show (IntSet.map (fun x -> x * x) a));
  print_endline (sb (IntSet.subset (IntSet.inter a b) a) ^ " "
                 ^ sb (IntSet.subset a b) ^ " "
                 ^ sb (IntSet.equal a (IntSet.of_list [ 6; 5; 4; 3; 2; 1 ])));
  print_endline (string_of_int (IntSet.cardinal (IntSet.union a b)) ^ " "
                 ^ string_of_int (IntSet.min_elt b) ^ " " ^ string_of_int (IntSet.max_elt b));
  IntSet.iter (fun x -> print_int x) a; print_newline ();
  print_endline (string_of_int (IntSet.fold (fun x acc -> acc * 10 + x) a 0));
  let big = ref IntSet.empty in
  for i = 1 to 1000 do big := IntSet.add ((i * 7919) mod 1009) !big done;
  print_endline (string_of_int (IntSet.cardinal !big));
  for i = 1 to 500 do big := IntSet.remove (i * 2) !big done;
  print_endline (string_of_int (IntSet.cardinal !big) ^ " " ^ string_of_int (IntSet.min_elt !big));
  print_endline (sb (IntSet.mem 999 !big) ^ sb (IntSet.mem 998 !big));
  (try ignore (IntSet.find 1000 !big) with Not_found -> print_endline "Not_found");
  print_endline (string_of_int (Int.max 3 (Int.abs (-7))) ^ Int.to_string (Int.compare 2 3))
