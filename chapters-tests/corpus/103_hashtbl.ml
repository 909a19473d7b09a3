(* Hashtbl as OCaml 4.13 has it: OCaml's hash values, and OCaml's order of
   iteration through growth, replacement and removal. *)
let () =
  List.iter (fun v -> print_int (Hashtbl.hash v); print_char ' ')
    [ Hashtbl.hash 0; Hashtbl.hash 1; Hashtbl.hash (-1); Hashtbl.hash max_int ];
  print_newline ();
  Printf.printf "%d %d %d %d\n" (Hashtbl.hash "") (Hashtbl.hash "hello") (Hashtbl.hash 'a') (Hashtbl.hash true);
  Printf.printf "%d %d %d\n" (Hashtbl.hash 1.5) (Hashtbl.hash nan) (Hashtbl.hash (-0.));
  Printf.printf "%d %d %d\n" (Hashtbl.hash (1, "a")) (Hashtbl.hash [ 1; 2; 3 ]) (Hashtbl.hash (Some [| 1.; 2. |]));
  Printf.printf "%d %d %d\n" (Hashtbl.hash 3L) (Hashtbl.hash 3l) (Hashtbl.hash 3n);
  Printf.printf "%d %d\n" (Hashtbl.hash_param 2 10 [ 1; 2; 3; 4 ]) (Hashtbl.seeded_hash 42 "x");
  Printf.printf "%d\n" (Hashtbl.hash (List.init 1000 (fun i -> i)))

let () =
  let h = Hashtbl.create 4 in
  for i = 1 to 100 do Hashtbl.add h (i * 7 mod 31, string_of_int i) i done;
  Printf.printf "length %d\n" (Hashtbl.length h);
  Hashtbl.iter (fun (a, b) v -> Printf.printf "(%d,%s)=%d " a b v) h;
  print_newline ();
  let w = Hashtbl.create 16 in
  List.iter (fun s -> Hashtbl.replace w s (1 + Option.value (Hashtbl.find_opt w s) ~default:0))
    (String.split_on_char ' ' "the cat and the dog and the bird saw the cat");
  Hashtbl.iter (fun k v -> Printf.printf "%s:%d " k v) w; print_newline ();
  print_endline (String.concat "," (List.of_seq (Hashtbl.to_seq_keys w)));
  Printf.printf "%d\n" (Hashtbl.fold (fun _ v acc -> v + acc) w 0);
  Hashtbl.add w "the" 100;
  Printf.printf "%d [%s]\n" (Hashtbl.find w "the") (String.concat ";" (List.map string_of_int (Hashtbl.find_all w "the")));
  Hashtbl.remove w "the";
  Printf.printf "%d %b %b\n" (Hashtbl.find w "the") (Hashtbl.mem w "cat") (Hashtbl.mem w "cow");
  (try ignore (Hashtbl.find w "cow") with Not_found -> print_endline "Not_found");
  Hashtbl.filter_map_inplace (fun k v -> if String.length k = 3 then Some (v * 10) else None) w;
  Hashtbl.iter (fun k v -> Printf.printf "%s:%d " k v) w; print_newline ();
  let c = Hashtbl.copy w in
  Hashtbl.clear w;
  Printf.printf "%d %d\n" (Hashtbl.length w) (Hashtbl.length c);
  Hashtbl.reset c;
  Printf.printf "%d\n" (Hashtbl.length c);
  let s = Hashtbl.of_seq (List.to_seq [ (1, "a"); (2, "b"); (1, "c") ]) in
  Hashtbl.add_seq s (List.to_seq [ (3, "d") ]);
  Hashtbl.replace_seq s (List.to_seq [ (3, "e") ]);
  Seq.iter (fun (k, v) -> Printf.printf "%d=%s " k v) (Hashtbl.to_seq s);
  Seq.iter (fun v -> print_string v) (Hashtbl.to_seq_values s);
  print_newline ();
  let big = Hashtbl.create 1 in
  for i = 0 to 9999 do Hashtbl.replace big i (i * i) done;
  for i = 0 to 4999 do Hashtbl.remove big (2 * i) done;
  let sum = ref 0 in
  Hashtbl.iter (fun k v -> sum := (!sum * 31 + k + v) land 0xFFFFFF) big;
  Printf.printf "%d %d\n" (Hashtbl.length big) !sum
