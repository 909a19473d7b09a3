(* Every value of OCaml 4.13's Map.S and Set.S, over ints and strings:
   results, the order in which the given functions are called (which
   shows the trees' shapes), physical equality where OCaml keeps it,
   and the exceptions on empty maps and sets. *)

let calls = ref []
let log s = calls := s :: !calls
let flush_calls name =
  print_string (name ^ ": [" ^ String.concat " " (List.rev !calls) ^ "]\n");
  calls := []

(* An int order that says which keys it compares. *)
module LoudInt = struct
  type t = int
  let compare (a : int) b = log (string_of_int a ^ "?" ^ string_of_int b); compare a b
end

module IntMap = Map.Make (Int)
module LMap = Map.Make (LoudInt)
module SMap = Map.Make (String)
module IntSet = Set.Make (Int)
module LSet = Set.Make (LoudInt)
module SSet = Set.Make (String)

let show_int_map m =
  "{" ^ String.concat ", " (List.map (fun (k, v) -> string_of_int k ^ ":" ^ v) (IntMap.bindings m)) ^ "}"
let show_smap m =
  "{" ^ String.concat ", " (List.map (fun (k, v) -> k ^ ":" ^ string_of_int v) (SMap.bindings m)) ^ "}"
let show_set s = "{" ^ String.concat " " (List.map string_of_int (IntSet.elements s)) ^ "}"
let show_sset s = "{" ^ String.concat " " (SSet.elements s) ^ "}"
let show_lset s = "{" ^ String.concat " " (List.map string_of_int (LSet.elements s)) ^ "}"
let opt f = function None -> "None" | Some x -> "Some " ^ f x
let pair (k, v) = "(" ^ string_of_int k ^ ", " ^ v ^ ")"
let spair (k, v) = "(" ^ k ^ ", " ^ string_of_int v ^ ")"
let b x = string_of_bool x
let line s = print_string (s ^ "\n")
let attempt name f = try line (name ^ " = " ^ f ()) with
  | Not_found -> line (name ^ " raised Not_found")
  | Invalid_argument m -> line (name ^ " raised Invalid_argument " ^ m)

(* The order in which a predicate sees the keys shows the tree's shape. *)
let shape_of_map m =
  ignore (IntMap.for_all (fun k _ -> log (string_of_int k); true) m);
  flush_calls "  shape"
let shape_of_set s =
  ignore (IntSet.for_all (fun x -> log (string_of_int x); true) s);
  flush_calls "  shape"

let range a b = List.init (b - a + 1) (fun i -> a + i)
let map_of l = List.fold_left (fun m k -> IntMap.add k (string_of_int (k * 10)) m) IntMap.empty l

let () =
  line "== Map over ints";
  let e : string IntMap.t = IntMap.empty in
  line ("is_empty empty = " ^ b (IntMap.is_empty e));
  let m = map_of [5; 3; 8; 1; 4; 7; 9; 2; 6] in
  line ("m = " ^ show_int_map m);
  shape_of_map m;
  line ("is_empty m = " ^ b (IntMap.is_empty m) ^ ", mem 4 = " ^ b (IntMap.mem 4 m) ^ ", mem 10 = " ^ b (IntMap.mem 10 m));
  let v = IntMap.find 7 m in
  line ("add of the same value keeps the map: " ^ b (IntMap.add 7 v m == m));
  line ("add of an equal, new value: " ^ b (IntMap.add 7 "70" m == m));
  line ("update 3 = " ^ show_int_map (IntMap.update 3 (function Some s -> Some (s ^ "!") | None -> Some "new") m));
  line ("update 11 = " ^ show_int_map (IntMap.update 11 (function Some s -> Some (s ^ "!") | None -> Some "new") m));
  line ("update 4 to None = " ^ show_int_map (IntMap.update 4 (fun _ -> None) m));
  line ("update keeping = " ^ b (IntMap.update 4 (fun x -> x) m == m));
  line ("update absent to None = " ^ b (IntMap.update 40 (fun _ -> None) m == m));
  line ("singleton = " ^ show_int_map (IntMap.singleton 1 "one"));
  line ("remove 5 = " ^ show_int_map (IntMap.remove 5 m));
  shape_of_map (IntMap.remove 5 m);
  line ("remove absent keeps the map: " ^ b (IntMap.remove 50 m == m));
  let a = map_of [1; 2; 3; 4; 5; 6] and c = map_of [4; 5; 6; 7; 8; 9; 10; 11] in
  let merged = IntMap.merge (fun k x y ->
      log (string_of_int k);
      match x, y with
      | Some x, Some y -> Some (x ^ "+" ^ y)
      | Some x, None -> if k mod 2 = 0 then None else Some x
      | None, Some y -> Some y
      | None, None -> Some "impossible") a c in
  flush_calls "merge calls";
  line ("merge = " ^ show_int_map merged);
  shape_of_map merged;
  let u = IntMap.union (fun k x y -> log (string_of_int k); if k = 5 then None else Some (x ^ "|" ^ y)) a c in
  flush_calls "union calls";
  line ("union = " ^ show_int_map u);
  shape_of_map u;
  line ("union with empty = " ^ b (IntMap.union (fun _ x _ -> Some x) a IntMap.empty == a));
  line ("compare = " ^ String.concat " " (List.map string_of_int
    [IntMap.compare compare a c; IntMap.compare compare c a; IntMap.compare compare a a;
     IntMap.compare compare e a; IntMap.compare compare a e; IntMap.compare compare e e;
     IntMap.compare compare a (IntMap.add 6 "0" a)]));
  line ("equal = " ^ String.concat " " (List.map b
    [IntMap.equal (=) a c; IntMap.equal (=) a (map_of [6; 5; 4; 3; 2; 1]); IntMap.equal (=) e e;
     IntMap.equal (=) e a; IntMap.equal (fun _ _ -> true) a (IntMap.map (fun s -> s ^ "x") a)]));
  IntMap.iter (fun k v -> log (string_of_int k ^ "=" ^ v)) m;
  flush_calls "iter";
  line ("fold = " ^ IntMap.fold (fun k v acc -> acc ^ string_of_int k ^ v ^ ";") m "");
  line ("for_all = " ^ b (IntMap.for_all (fun k _ -> log (string_of_int k); k < 7) m));
  flush_calls "  calls";
  line ("exists = " ^ b (IntMap.exists (fun k _ -> log (string_of_int k); k = 2) m));
  flush_calls "  calls";
  line ("exists empty = " ^ b (IntMap.exists (fun _ _ -> true) e) ^ ", for_all empty = " ^ b (IntMap.for_all (fun _ _ -> false) e));
  let f = IntMap.filter (fun k _ -> log (string_of_int k); k mod 3 <> 0) m in
  flush_calls "filter calls";
  line ("filter = " ^ show_int_map f);
  shape_of_map f;
  line ("filter keeping all = " ^ b (IntMap.filter (fun _ _ -> true) m == m));
  let fm = IntMap.filter_map (fun k v -> log (string_of_int k); if k mod 2 = 0 then Some (v ^ "?") else None) m in
  flush_calls "filter_map calls";
  line ("filter_map = " ^ show_int_map fm);
  shape_of_map fm;
  let (yes, no) = IntMap.partition (fun k _ -> log (string_of_int k); k > 4) m in
  flush_calls "partition calls";
  line ("partition = " ^ show_int_map yes ^ " " ^ show_int_map no);
  shape_of_map yes;
  shape_of_map no;
  line ("cardinal = " ^ string_of_int (IntMap.cardinal m) ^ " " ^ string_of_int (IntMap.cardinal e));
  line ("bindings empty = " ^ string_of_int (List.length (IntMap.bindings e)));
  attempt "min_binding" (fun () -> pair (IntMap.min_binding m));
  attempt "min_binding empty" (fun () -> pair (IntMap.min_binding e));
  line ("min_binding_opt = " ^ opt pair (IntMap.min_binding_opt m) ^ " " ^ opt pair (IntMap.min_binding_opt e));
  attempt "max_binding" (fun () -> pair (IntMap.max_binding m));
  attempt "max_binding empty" (fun () -> pair (IntMap.max_binding e));
  line ("max_binding_opt = " ^ opt pair (IntMap.max_binding_opt m) ^ " " ^ opt pair (IntMap.max_binding_opt e));
  attempt "choose" (fun () -> pair (IntMap.choose m));
  attempt "choose empty" (fun () -> pair (IntMap.choose e));
  line ("choose_opt = " ^ opt pair (IntMap.choose_opt m) ^ " " ^ opt pair (IntMap.choose_opt e));
  let (lo, found, hi) = IntMap.split 5 m in
  line ("split 5 = " ^ show_int_map lo ^ " " ^ opt (fun s -> s) found ^ " " ^ show_int_map hi);
  shape_of_map lo;
  shape_of_map hi;
  let (lo, found, hi) = IntMap.split 0 m in
  line ("split 0 = " ^ show_int_map lo ^ " " ^ opt (fun s -> s) found ^ " " ^ show_int_map hi);
  let (lo, found, hi) = IntMap.split 3 e in
  line ("split empty = " ^ show_int_map lo ^ " " ^ opt (fun s -> s) found ^ " " ^ show_int_map hi);
  attempt "find 2" (fun () -> IntMap.find 2 m);
  attempt "find 20" (fun () -> IntMap.find 20 m);
  line ("find_opt = " ^ opt (fun s -> s) (IntMap.find_opt 2 m) ^ " " ^ opt (fun s -> s) (IntMap.find_opt 20 m));
  attempt "find_first (>= 4)" (fun () -> pair (IntMap.find_first (fun k -> log (string_of_int k); k >= 4) m));
  flush_calls "  calls";
  attempt "find_first (>= 40)" (fun () -> pair (IntMap.find_first (fun k -> k >= 40) m));
  attempt "find_first empty" (fun () -> pair (IntMap.find_first (fun _ -> true) e));
  line ("find_first_opt = " ^ opt pair (IntMap.find_first_opt (fun k -> k > 6) m) ^ " " ^ opt pair (IntMap.find_first_opt (fun k -> k > 60) m));
  attempt "find_last (<= 4)" (fun () -> pair (IntMap.find_last (fun k -> log (string_of_int k); k <= 4) m));
  flush_calls "  calls";
  attempt "find_last (<= 0)" (fun () -> pair (IntMap.find_last (fun k -> k <= 0) m));
  line ("find_last_opt = " ^ opt pair (IntMap.find_last_opt (fun k -> k < 3) m) ^ " " ^ opt pair (IntMap.find_last_opt (fun k -> k < 0) m));
  let doubled = IntMap.map (fun v -> log v; v ^ v) m in
  flush_calls "map calls";
  line ("map = " ^ show_int_map doubled);
  let named = IntMap.mapi (fun k v -> log (string_of_int k); string_of_int k ^ "/" ^ v) m in
  flush_calls "mapi calls";
  line ("mapi = " ^ show_int_map named);
  let seq_list s = List.of_seq s in
  line ("to_seq = " ^ String.concat " " (List.map pair (seq_list (IntMap.to_seq m))));
  line ("to_rev_seq = " ^ String.concat " " (List.map pair (seq_list (IntMap.to_rev_seq m))));
  line ("to_seq_from 4 = " ^ String.concat " " (List.map pair (seq_list (IntMap.to_seq_from 4 m))));
  line ("to_seq_from 0 = " ^ String.concat " " (List.map pair (seq_list (IntMap.to_seq_from 0 m))));
  line ("to_seq_from 100 = " ^ String.concat " " (List.map pair (seq_list (IntMap.to_seq_from 100 m))));
  line ("to_seq empty = " ^ string_of_int (List.length (seq_list (IntMap.to_seq e))));
  let added = IntMap.add_seq (List.to_seq [(20, "a"); (3, "b"); (20, "c")]) m in
  line ("add_seq = " ^ show_int_map added);
  let built = IntMap.of_seq (List.to_seq [(3, "x"); (1, "y"); (3, "z"); (2, "w")]) in
  line ("of_seq = " ^ show_int_map built);
  shape_of_map built;
  (* A larger map, built and taken apart, whose shapes show the balancing. *)
  let big = map_of (List.map (fun i -> (i * 37) mod 101) (range 1 100)) in
  shape_of_map big;
  let big' = List.fold_left (fun m k -> IntMap.remove k m) big (range 20 70) in
  shape_of_map big';
  let odds = IntMap.filter (fun k _ -> k mod 2 = 1) big in
  shape_of_map odds;
  shape_of_map (IntMap.union (fun _ x _ -> Some x) odds big');
  shape_of_map (IntMap.merge (fun _ x y -> match x with Some _ -> x | None -> y) big' odds)

(* The map type is covariant ([type +!'a t]), so that an application
   returning an empty map is still polymorphic (the relaxed value
   restriction) and can be used at two types. *)
let generic = IntMap.filter (fun _ _ -> true) IntMap.empty
let () =
  line ("covariant: " ^ show_int_map (IntMap.add 1 "x" generic) ^ " "
        ^ string_of_int (IntMap.cardinal (IntMap.add 1 2 (IntMap.add 3 4 generic))))

let () =
  line "== Map with a loud order";
  let m = List.fold_left (fun m k -> LMap.add k k m) LMap.empty [4; 2; 6; 1; 3; 5; 7] in
  flush_calls "adds";
  ignore (LMap.find 5 m);
  flush_calls "find";
  ignore (LMap.mem 8 m);
  flush_calls "mem";
  ignore (LMap.remove 3 m);
  flush_calls "remove";
  let other = List.fold_left (fun m k -> LMap.add k k m) LMap.empty [3; 8; 5] in
  calls := [];
  ignore (LMap.merge (fun _ x _ -> x) m other);
  flush_calls "merge";
  ignore (LMap.union (fun _ x _ -> Some x) m other);
  flush_calls "union";
  ignore (LMap.compare compare m other);
  flush_calls "compare";
  ignore (LMap.equal (=) m m);
  flush_calls "equal";
  ignore (LMap.split 5 m);
  flush_calls "split";
  let s = LMap.to_seq_from 3 m in
  flush_calls "to_seq_from";
  ignore (List.of_seq s);
  flush_calls "forced";
  ignore (LMap.update 6 (fun _ -> None) m);
  flush_calls "update"

let () =
  line "== Map over strings";
  let words = ["pear"; "apple"; "fig"; "kiwi"; "apple"; "plum"; "fig"; "apple"] in
  let counts = List.fold_left (fun m w -> SMap.update w (function None -> Some 1 | Some n -> Some (n + 1)) m) SMap.empty words in
  line ("counts = " ^ show_smap counts);
  line ("find_first (>= \"g\") = " ^ spair (SMap.find_first (fun k -> k >= "g") counts));
  line ("find_last (< \"p\") = " ^ spair (SMap.find_last (fun k -> k < "p") counts));
  line ("to_seq_from \"g\" = " ^ String.concat " " (List.map spair (List.of_seq (SMap.to_seq_from "g" counts))));
  line ("to_rev_seq = " ^ String.concat " " (List.map spair (List.of_seq (SMap.to_rev_seq counts))));
  let lengths = SMap.of_seq (Seq.map (fun w -> (w, String.length w)) (List.to_seq words)) in
  let both = SMap.merge (fun _ a b -> match a, b with Some a, Some b -> Some (a * 100 + b) | _ -> None) counts lengths in
  line ("merge = " ^ show_smap both);
  line ("compare = " ^ string_of_int (SMap.compare compare counts lengths) ^ ", equal = " ^ b (SMap.equal (=) counts counts));
  let (l, v, r) = SMap.split "kiwi" counts in
  line ("split = " ^ show_smap l ^ " " ^ opt string_of_int v ^ " " ^ show_smap r);
  attempt "find \"banana\"" (fun () -> string_of_int (SMap.find "banana" counts))

let () =
  line "== Set over ints";
  let e = IntSet.empty in
  line ("is_empty = " ^ b (IntSet.is_empty e) ^ " " ^ b (IntSet.is_empty (IntSet.singleton 1)));
  let s = List.fold_left (fun s x -> IntSet.add x s) e [5; 3; 8; 1; 4; 7; 9; 2; 6] in
  line ("s = " ^ show_set s);
  shape_of_set s;
  line ("mem = " ^ b (IntSet.mem 4 s) ^ " " ^ b (IntSet.mem 40 s));
  line ("add present keeps the set: " ^ b (IntSet.add 4 s == s));
  line ("remove = " ^ show_set (IntSet.remove 5 s) ^ ", absent keeps: " ^ b (IntSet.remove 50 s == s));
  let a = IntSet.of_list (range 1 12) and c = IntSet.of_list (List.map (fun x -> x * 3) (range 1 8)) in
  shape_of_set a;
  shape_of_set c;
  line ("union = " ^ show_set (IntSet.union a c));
  shape_of_set (IntSet.union a c);
  shape_of_set (IntSet.union c a);
  shape_of_set (IntSet.union (IntSet.singleton 100) a);
  shape_of_set (IntSet.union a (IntSet.singleton 0));
  line ("inter = " ^ show_set (IntSet.inter a c));
  shape_of_set (IntSet.inter a c);
  line ("disjoint = " ^ b (IntSet.disjoint a c) ^ " " ^ b (IntSet.disjoint (IntSet.of_list [1; 2]) (IntSet.of_list [3; 4]))
        ^ " " ^ b (IntSet.disjoint e e) ^ " " ^ b (IntSet.disjoint a a) ^ " " ^ b (IntSet.disjoint a e));
  line ("diff = " ^ show_set (IntSet.diff a c) ^ " " ^ show_set (IntSet.diff c a));
  shape_of_set (IntSet.diff a c);
  line ("compare = " ^ String.concat " " (List.map string_of_int
    [IntSet.compare a c; IntSet.compare c a; IntSet.compare a a; IntSet.compare e a; IntSet.compare a e; IntSet.compare e e]));
  line ("equal = " ^ b (IntSet.equal a c) ^ " " ^ b (IntSet.equal a (IntSet.of_list (List.rev (range 1 12)))) ^ " " ^ b (IntSet.equal e e));
  line ("subset = " ^ b (IntSet.subset (IntSet.of_list [3; 6]) a) ^ " " ^ b (IntSet.subset c a) ^ " " ^ b (IntSet.subset e a) ^ " " ^ b (IntSet.subset a e));
  IntSet.iter (fun x -> log (string_of_int x)) s;
  flush_calls "iter";
  let m = IntSet.map (fun x -> log (string_of_int x); x * 2) s in
  flush_calls "map calls";
  line ("map = " ^ show_set m);
  shape_of_set m;
  line ("map identity keeps the set: " ^ b (IntSet.map (fun x -> x) s == s));
  let m2 = IntSet.map (fun x -> 10 - x) s in
  line ("map reversing = " ^ show_set m2);
  shape_of_set m2;
  let m3 = IntSet.map (fun x -> x / 3) a in
  line ("map merging = " ^ show_set m3);
  shape_of_set m3;
  line ("fold = " ^ IntSet.fold (fun x acc -> acc ^ string_of_int x) s "");
  line ("for_all = " ^ b (IntSet.for_all (fun x -> log (string_of_int x); x < 7) s));
  flush_calls "  calls";
  line ("exists = " ^ b (IntSet.exists (fun x -> log (string_of_int x); x = 9) s));
  flush_calls "  calls";
  let f = IntSet.filter (fun x -> log (string_of_int x); x mod 3 <> 0) s in
  flush_calls "filter calls";
  line ("filter = " ^ show_set f ^ ", keeping all: " ^ b (IntSet.filter (fun _ -> true) s == s));
  shape_of_set f;
  let fm = IntSet.filter_map (fun x -> log (string_of_int x); if x mod 2 = 0 then Some (x * 5) else if x = 5 then Some 1 else None) s in
  flush_calls "filter_map calls";
  line ("filter_map = " ^ show_set fm);
  shape_of_set fm;
  line ("filter_map keeping all: " ^ b (IntSet.filter_map (fun x -> Some x) s == s));
  let fm2 = IntSet.filter_map (fun x -> if x < 4 then None else Some (20 - x)) s in
  line ("filter_map reversing = " ^ show_set fm2);
  shape_of_set fm2;
  let (yes, no) = IntSet.partition (fun x -> x > 4) s in
  line ("partition = " ^ show_set yes ^ " " ^ show_set no);
  line ("cardinal = " ^ string_of_int (IntSet.cardinal s) ^ " " ^ string_of_int (IntSet.cardinal e));
  line ("elements = " ^ String.concat "," (List.map string_of_int (IntSet.elements s)));
  attempt "min_elt" (fun () -> string_of_int (IntSet.min_elt s));
  attempt "min_elt empty" (fun () -> string_of_int (IntSet.min_elt e));
  attempt "max_elt" (fun () -> string_of_int (IntSet.max_elt s));
  attempt "max_elt empty" (fun () -> string_of_int (IntSet.max_elt e));
  line ("min/max_elt_opt = " ^ opt string_of_int (IntSet.min_elt_opt s) ^ " " ^ opt string_of_int (IntSet.min_elt_opt e)
        ^ " " ^ opt string_of_int (IntSet.max_elt_opt s) ^ " " ^ opt string_of_int (IntSet.max_elt_opt e));
  attempt "choose" (fun () -> string_of_int (IntSet.choose s));
  attempt "choose empty" (fun () -> string_of_int (IntSet.choose e));
  line ("choose_opt = " ^ opt string_of_int (IntSet.choose_opt s) ^ " " ^ opt string_of_int (IntSet.choose_opt e));
  let (lo, present, hi) = IntSet.split 4 s in
  line ("split 4 = " ^ show_set lo ^ " " ^ b present ^ " " ^ show_set hi);
  let (lo, present, hi) = IntSet.split 10 s in
  line ("split 10 = " ^ show_set lo ^ " " ^ b present ^ " " ^ show_set hi);
  attempt "find" (fun () -> string_of_int (IntSet.find 3 s));
  attempt "find absent" (fun () -> string_of_int (IntSet.find 30 s));
  line ("find_opt = " ^ opt string_of_int (IntSet.find_opt 3 s) ^ " " ^ opt string_of_int (IntSet.find_opt 30 s));
  attempt "find_first" (fun () -> string_of_int (IntSet.find_first (fun x -> log (string_of_int x); x >= 6) s));
  flush_calls "  calls";
  attempt "find_first none" (fun () -> string_of_int (IntSet.find_first (fun x -> x >= 60) s));
  line ("find_first_opt = " ^ opt string_of_int (IntSet.find_first_opt (fun x -> x > 2) s) ^ " " ^ opt string_of_int (IntSet.find_first_opt (fun _ -> true) e));
  attempt "find_last" (fun () -> string_of_int (IntSet.find_last (fun x -> log (string_of_int x); x <= 6) s));
  flush_calls "  calls";
  attempt "find_last none" (fun () -> string_of_int (IntSet.find_last (fun x -> x < 0) s));
  line ("find_last_opt = " ^ opt string_of_int (IntSet.find_last_opt (fun x -> x < 8) s) ^ " " ^ opt string_of_int (IntSet.find_last_opt (fun x -> x < 0) s));
  List.iter (fun l -> let t = IntSet.of_list l in line ("of_list = " ^ show_set t); shape_of_set t)
    [[]; [3]; [2; 1]; [3; 1; 2]; [4; 4; 1; 2]; [5; 1; 4; 2; 3]; [6; 1; 5; 2; 4; 3]; List.rev (range 1 20); range 1 33];
  let seq_list s = List.of_seq s in
  line ("to_seq_from 5 = " ^ String.concat " " (List.map string_of_int (seq_list (IntSet.to_seq_from 5 s))));
  line ("to_seq_from 0 = " ^ String.concat " " (List.map string_of_int (seq_list (IntSet.to_seq_from 0 s))));
  line ("to_seq_from 99 = " ^ String.concat " " (List.map string_of_int (seq_list (IntSet.to_seq_from 99 s))));
  line ("to_seq = " ^ String.concat " " (List.map string_of_int (seq_list (IntSet.to_seq s))));
  line ("to_rev_seq = " ^ String.concat " " (List.map string_of_int (seq_list (IntSet.to_rev_seq s))));
  let t = IntSet.add_seq (List.to_seq [10; 0; 5]) s in
  line ("add_seq = " ^ show_set t);
  shape_of_set t;
  let t = IntSet.of_seq (List.to_seq [3; 1; 2; 3; 9]) in
  line ("of_seq = " ^ show_set t);
  shape_of_set t;
  let big = IntSet.of_list (List.map (fun i -> (i * 37) mod 101) (range 1 100)) in
  shape_of_set big;
  shape_of_set (IntSet.diff big (IntSet.of_list (range 30 60)));
  shape_of_set (IntSet.inter big (IntSet.of_list (List.map (fun i -> i * 2) (range 1 40))))

let () =
  line "== Set with a loud order";
  let s = LSet.of_list [4; 2; 6; 1; 3; 5; 7] in
  flush_calls "of_list";
  let t = LSet.of_list [3; 8; 9] in
  flush_calls "of_list small";
  ignore (LSet.union s t);
  flush_calls "union";
  ignore (LSet.inter s t);
  flush_calls "inter";
  ignore (LSet.diff s t);
  flush_calls "diff";
  ignore (LSet.disjoint s t);
  flush_calls "disjoint";
  ignore (LSet.disjoint s (LSet.of_list [10; 11]));
  flush_calls "disjoint (no)";
  ignore (LSet.subset t s);
  flush_calls "subset";
  ignore (LSet.compare s t);
  flush_calls "compare";
  ignore (LSet.equal s s);
  flush_calls "equal";
  line ("map = " ^ show_lset (LSet.map (fun x -> 8 - x) s));
  flush_calls "map";
  line ("filter_map = " ^ show_lset (LSet.filter_map (fun x -> if x = 4 then None else Some (x mod 5)) s));
  flush_calls "filter_map";
  let q = LSet.to_seq_from 5 s in
  flush_calls "to_seq_from";
  ignore (List.of_seq q);
  flush_calls "forced"

let () =
  line "== Set over strings";
  let s = SSet.of_list ["pear"; "apple"; "fig"; "kiwi"; "apple"; "plum"; "fig"] in
  line ("s = " ^ show_sset s);
  line ("find_first = " ^ SSet.find_first (fun w -> w > "g") s ^ ", find_last = " ^ SSet.find_last (fun w -> w < "p") s);
  line ("map = " ^ show_sset (SSet.map String.uppercase_ascii s));
  line ("split = " ^ (let (l, p, r) = SSet.split "kiwi" s in show_sset l ^ " " ^ b p ^ " " ^ show_sset r));
  line ("to_rev_seq = " ^ String.concat " " (List.of_seq (SSet.to_rev_seq s)));
  line ("union/diff = " ^ show_sset (SSet.union s (SSet.of_seq (List.to_seq ["date"; "fig"]))) ^ " " ^ show_sset (SSet.diff s (SSet.singleton "fig")))

(* Hashtbl.Make is sealed the same way; its [stats]. *)
module H = Hashtbl.Make (struct
  type t = int
  let equal (a : int) b = a = b
  let hash x = x mod 7
end)

let () =
  line "== Hashtbl.Make";
  let h = H.create 4 in
  List.iter (fun k -> H.add h k (string_of_int k)) (range 1 40);
  H.replace h 3 "three";
  let st = H.stats h in
  line ("stats = " ^ String.concat " " (List.map string_of_int
    [st.Hashtbl.num_bindings; st.Hashtbl.num_buckets; st.Hashtbl.max_bucket_length])
    ^ " [" ^ String.concat " " (Array.to_list (Array.map string_of_int st.Hashtbl.bucket_histogram)) ^ "]");
  let st = H.stats (H.create 1) in
  line ("empty stats = " ^ string_of_int st.Hashtbl.max_bucket_length ^ " " ^ string_of_int (Array.length st.Hashtbl.bucket_histogram))
