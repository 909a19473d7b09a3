let p s = print_string s; print_char ' '
let pi i = print_int i; print_char ' '
let nl () = print_newline ()
let trap name f = try f () with
  | Invalid_argument m -> p (name ^ ": Invalid_argument " ^ m)
  | Failure m -> p (name ^ ": Failure " ^ m)
  | Not_found -> p (name ^ ": Not_found")
let () =
  let l = List.map (fun x -> pi x; x * 2) [1; 2; 3] in nl ();
  List.iter pi l; nl ();
  let l2 = List.init 5 (fun i -> pi i; i) in ignore l2; nl ();
  let big = List.init 20_000 (fun i -> i) in pi (List.length big); pi (List.nth big 19_999); nl ();
  ignore (List.mapi (fun i x -> pi (i * 10 + x); x) [1; 2; 3]); nl ();
  ignore (List.map2 (fun a b -> pi (a + b); a) [1; 2] [10; 20]); nl ();
  ignore (List.rev_map (fun x -> pi x; x) [1; 2; 3]); nl ();
  pi (List.fold_left (fun acc x -> pi x; acc - x) 0 [1; 2; 3]); nl ();
  pi (List.fold_right (fun x acc -> pi x; acc - x) [1; 2; 3] 0); nl ();
  let pairs = [(3, "a"); (1, "b"); (3, "c"); (2, "d"); (1, "e"); (3, "f"); (2, "g")] in
  List.iter (fun (k, v) -> p (string_of_int k ^ v)) (List.sort (fun (a, _) (b, _) -> compare a b) pairs); nl ();
  List.iter (fun (k, v) -> p (string_of_int k ^ v)) (List.stable_sort (fun (a, _) (b, _) -> compare b a) pairs); nl ();
  let cmp_count = ref 0 in
  let sorted = List.sort (fun a b -> incr cmp_count; compare a b) [5; 3; 8; 1; 9; 2; 7; 4; 6; 0; 11; 10] in
  List.iter pi sorted; pi !cmp_count; nl ();
  let a = Array.of_list pairs in
  Array.sort (fun (x, _) (y, _) -> compare x y) a;
  Array.iter (fun (k, v) -> p (string_of_int k ^ v)) a; nl ();
  let a2 = Array.init 6 (fun i -> pi i; 10 - i) in nl ();
  let cmp_count = ref 0 in
  Array.sort (fun x y -> incr cmp_count; compare x y) a2; Array.iter pi a2; pi !cmp_count; nl ();
  let fa = Array.make 3 1.5 in fa.(1) <- 2.5; Array.iter (fun x -> print_float x; print_char ' ') (Array.append fa [| 9.0 |]); nl ();
  let m = Array.map (fun x -> pi x; x + 1) [| 1; 2; 3 |] in Array.iteri (fun i x -> pi (i * x)) m; nl ();
  pi (Array.fold_left (fun acc x -> pi x; acc + x) 0 [| 1; 2; 3 |]); pi (Array.fold_right (fun x acc -> pi x; acc + x) [| 1; 2; 3 |] 0); nl ();
  let b = [| 0; 1; 2; 3; 4; 5 |] in Array.blit b 0 b 2 3; Array.iter pi b; Array.blit b 2 b 0 3; Array.iter pi b; nl ();
  Array.fill b 1 2 9; Array.iter pi b; List.iter pi (Array.to_list (Array.sub b 2 3)); Array.iter pi (Array.copy [||]); nl ();
  trap "sub" (fun () -> ignore (Array.sub b 4 3)); trap "blit" (fun () -> Array.blit b 0 b 5 2); trap "fill" (fun () -> Array.fill b (-1) 1 0);
  trap "init" (fun () -> ignore (Array.init (-1) (fun i -> i))); trap "make" (fun () -> ignore (Array.make (-1) 0)); nl ();
  trap "nth" (fun () -> ignore (List.nth [1] 3)); trap "nth-" (fun () -> ignore (List.nth [1] (-1))); trap "hd" (fun () -> ignore (List.hd []));
  trap "tl" (fun () -> ignore (List.tl [])); trap "map2" (fun () -> ignore (List.map2 (+) [1] [])); trap "combine" (fun () -> ignore (List.combine [1] []));
  trap "assoc" (fun () -> ignore (List.assoc 3 [(1, 2)])); trap "find" (fun () -> ignore (List.find (fun x -> x > 5) [1])); nl ();
  p (String.concat ", " ["a"; "bc"; ""; "d"]); p (String.concat "" []); p (String.sub "hello" 1 3); p (String.make 3 'z'); pi (String.length "four");
  String.iter (fun c -> print_char (Char.uppercase_ascii c)) "abc-XYZ"; print_char (Char.lowercase_ascii 'Q'); print_char (Char.chr 65); pi (Char.code 'a'); nl ();
  trap "chr" (fun () -> ignore (Char.chr 256)); trap "String.sub" (fun () -> ignore (String.sub "ab" 1 5)); trap "get" (fun () -> ignore "ab".[2]);
  trap "make" (fun () -> ignore (String.make (-1) 'a')); trap "ios" (fun () -> ignore (int_of_string "12a")); nl ();
  p (string_of_bool (String.equal "ab" "ab")); pi (String.compare "ab" "abc"); pi (compare "b" "abc"); nl ();
  p (string_of_bool (List.mem nan [nan])); p (string_of_bool (nan = nan)); p (string_of_float (max nan 1.0)); p (string_of_float (min 1.0 nan)); nl ();
  p (string_of_float infinity); p (string_of_float neg_infinity); p (string_of_float nan); p (string_of_float max_float); p (string_of_float min_float); p (string_of_float epsilon_float); nl ();
  p (string_of_float (1.0 /. 3.0)); p (string_of_float 100.0); p (string_of_float (-0.0)); p (string_of_float (2.0 ** 62.0)); p (string_of_float (sqrt 2.0)); p (string_of_float (float_of_int max_int)); nl ();
  pi (int_of_float 3.99); pi (truncate (-3.99)); pi max_int; pi min_int; pi (max_int + 1); pi (abs min_int); pi (lnot 5); pi (-7 / 2); pi (-7 mod 2); pi (1 lsl 62); pi (-1 lsr 60); pi (-16 asr 2); nl ();
  p (Int64.to_string (Int64.add Int64.max_int 1L)); p (Int64.to_string (Int64.div 7L (-2L))); p (Int32.to_string (Int32.mul 65536l 65536l)); p (Int64.to_string (Int64.of_int max_int));
  pi (Int64.compare 3L 5L); p (string_of_bool (Int64.equal 2L 2L)); p (Nativeint.to_string Nativeint.min_int); p (Int32.to_string Int32.min_int); pi (Int32.to_int (Int32.of_float 3.7)); nl ();
  p (Option.value None ~default:"dflt"); pi (Option.get (Some 4)); p (string_of_bool (Option.is_some (Option.map succ (Some 1)))); p (string_of_bool (Option.is_none None)); trap "get" (fun () -> Option.get None); nl ();
  let log = ref [] in
  (try Fun.protect ~finally:(fun () -> log := "fin" :: !log) (fun () -> log := "work" :: !log; raise Exit) with Exit -> log := "exit" :: !log);
  List.iter p (List.rev !log);
  (try Fun.protect ~finally:(fun () -> raise Not_found) (fun () -> 1) |> pi with Fun.Finally_raised Not_found -> p "finally raised"); nl ();
  let x = ref 5 in incr x; decr x; decr x; pi !x; pi (fst (1, 2)); pi (snd (1, 2)); pi (succ 1); pi (pred 1); pi ([1; 2] @ [3] |> List.length); nl ();
  let (yes, no) = List.partition (fun x -> x mod 2 = 0) [1; 2; 3; 4; 5] in List.iter pi yes; List.iter pi no;
  let (l1, l2) = List.split [(1, 'a'); (2, 'b')] in List.iter pi l1; List.iter print_char l2; List.iter pi (List.flatten [[1]; []; [2; 3]]);
  p (string_of_bool (List.exists (fun x -> pi x; x > 1) [1; 2; 3])); p (string_of_bool (List.for_all (fun x -> pi x; x < 2) [1; 2; 3])); nl ();
  pi (List.assoc "b" [("a", 1); ("b", 2)]); (match List.assoc_opt "z" [("a", 1)] with None -> p "none" | Some _ -> p "some"); (match List.find_opt (fun x -> x > 1) [1; 2] with Some v -> pi v | None -> ());
  List.iter2 (fun a b -> pi (a * b)) [1; 2] [3; 4]; List.iteri (fun i x -> pi (i + x)) [10; 20]; List.iter pi (List.filter (fun x -> x > 1) [3; 1; 2]); List.iter pi (List.concat [[1]; [2]]); List.iter pi (List.append [1] [2]); nl ();
  prerr_string "to stderr"; prerr_int 42; prerr_newline ();
  print_string "before exit"; exit 3
