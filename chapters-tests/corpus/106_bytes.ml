(* Bytes: every function of the module, and the messages of its errors. *)
let show b = print_string (Bytes.to_string b); print_char '|'
let line () = print_newline ()

let check name f =
  print_string name;
  try f (); print_string ": ok"; line () with
  | Invalid_argument m -> print_string ": Invalid_argument "; print_string m; line ()
  | Not_found -> print_string ": Not_found"; line ()

let () =
  let b = Bytes.create 4 in
  Bytes.fill b 0 4 '.';
  Bytes.set b 0 'a';
  Bytes.unsafe_set b 3 'z';
  show b; print_char (Bytes.get b 0); print_char (Bytes.unsafe_get b 3); line ();
  show (Bytes.make 3 'x'); show (Bytes.init 5 (fun i -> Char.chr (48 + i))); show Bytes.empty; line ();
  let s = "hello world" in
  let h = Bytes.of_string s in
  Bytes.set h 0 'H';
  print_string s; print_char ' '; show h; line ();
  let c = Bytes.copy h in
  Bytes.set c 1 'E';
  show h; show c; line ();
  show (Bytes.sub h 6 5); print_string (Bytes.sub_string h 0 5); line ();
  show (Bytes.sub (Bytes.extend (Bytes.of_string "abc") 2 1) 2 3);
  print_int (Bytes.length (Bytes.extend (Bytes.of_string "abc") 2 1)); show (Bytes.extend (Bytes.of_string "abcdef") (-2) (-1)); line ();
  let d = Bytes.make 8 '-' in
  Bytes.blit h 0 d 2 5; show d;
  Bytes.blit_string "XY" 0 d 0 2; show d;
  Bytes.blit d 0 d 1 6; show d; line ();
  show (Bytes.concat (Bytes.of_string ", ") [Bytes.of_string "a"; Bytes.of_string "b"; Bytes.of_string "c"]);
  show (Bytes.concat Bytes.empty []);
  show (Bytes.cat (Bytes.of_string "ab") (Bytes.of_string "cd")); line ();
  Bytes.iter (fun ch -> print_char (Char.uppercase_ascii ch)) (Bytes.of_string "iter"); line ();
  Bytes.iteri (fun i ch -> print_int i; print_char ch) (Bytes.of_string "abc"); line ();
  show (Bytes.map Char.uppercase_ascii (Bytes.of_string "map"));
  show (Bytes.mapi (fun i ch -> if i mod 2 = 0 then '_' else ch) (Bytes.of_string "mapi")); line ();
  print_int (Bytes.fold_left (fun acc ch -> acc + Char.code ch) 0 (Bytes.of_string "abc")); line ();
  print_string (Bytes.fold_right (fun ch acc -> acc ^ String.make 1 ch) (Bytes.of_string "abc") ""); line ();
  print_string (string_of_bool (Bytes.for_all (fun ch -> ch <> ' ') (Bytes.of_string "abc")));
  print_string (string_of_bool (Bytes.exists (fun ch -> ch = ' ') (Bytes.of_string "abc"))); line ();
  show (Bytes.trim (Bytes.of_string "  \t trim me \n ")); show (Bytes.escaped (Bytes.of_string "a\"b\n\001")); line ();
  let t = Bytes.of_string "abcabc" in
  print_int (Bytes.index t 'b'); print_int (Bytes.rindex t 'b');
  print_int (Bytes.index_from t 2 'b'); print_int (Bytes.rindex_from t 3 'b');
  (match Bytes.index_opt t 'z' with None -> print_string "none" | Some i -> print_int i);
  (match Bytes.rindex_opt t 'a' with None -> print_string "none" | Some i -> print_int i);
  (match Bytes.index_from_opt t 5 'a' with None -> print_string "none" | Some i -> print_int i);
  (match Bytes.rindex_from_opt t 5 'c' with None -> print_string "none" | Some i -> print_int i);
  line ();
  print_string (string_of_bool (Bytes.contains t 'c'));
  print_string (string_of_bool (Bytes.contains_from t 4 'a'));
  print_string (string_of_bool (Bytes.rcontains_from t 2 'a')); line ();
  show (Bytes.uppercase_ascii (Bytes.of_string "MiXeD"));
  show (Bytes.lowercase_ascii (Bytes.of_string "MiXeD"));
  show (Bytes.capitalize_ascii (Bytes.of_string "word"));
  show (Bytes.uncapitalize_ascii (Bytes.of_string "Word")); line ();
  print_int (Bytes.compare (Bytes.of_string "abc") (Bytes.of_string "abd"));
  print_int (Bytes.compare (Bytes.of_string "b") (Bytes.of_string "abd"));
  print_string (string_of_bool (Bytes.equal (Bytes.of_string "x") (Bytes.of_string "x")));
  print_string (string_of_bool (Bytes.of_string "x" = Bytes.of_string "x")); line ();
  print_string (string_of_bool (Bytes.starts_with ~prefix:(Bytes.of_string "ab") t));
  print_string (string_of_bool (Bytes.ends_with ~suffix:(Bytes.of_string "bd") t)); line ();
  Seq.iter print_char (Bytes.to_seq (Bytes.of_string "seq"));
  Seq.iter (fun (i, ch) -> print_int i; print_char ch) (Bytes.to_seqi (Bytes.of_string "ab"));
  show (Bytes.of_seq (List.to_seq ['o'; 'f'])); line ();
  let u = Bytes.of_string "unsafe" in
  let s2 = Bytes.unsafe_to_string u in
  print_string s2; print_int (Bytes.length (Bytes.unsafe_of_string "four")); line ();
  print_bytes (Bytes.of_string "print_bytes\n");
  prerr_bytes (Bytes.of_string "prerr_bytes\n");
  output_bytes stdout (Bytes.of_string "output_bytes\n");
  print_string (String.of_bytes (String.to_bytes "round trip")); line ();
  check "get" (fun () -> ignore (Bytes.get t 6));
  check "set" (fun () -> Bytes.set t (-1) 'x');
  check "create" (fun () -> ignore (Bytes.create (-1)));
  check "make" (fun () -> ignore (Bytes.make (-1) 'x'));
  check "sub" (fun () -> ignore (Bytes.sub t 4 3));
  check "sub_string" (fun () -> ignore (Bytes.sub_string t (-1) 1));
  check "fill" (fun () -> Bytes.fill t 5 2 'x');
  check "blit" (fun () -> Bytes.blit t 0 t 3 4);
  check "blit_string" (fun () -> Bytes.blit_string "abc" 1 t 0 3);
  check "index" (fun () -> ignore (Bytes.index t 'q'));
  check "index_from" (fun () -> ignore (Bytes.index_from t 7 'a'));
  check "rindex_from" (fun () -> ignore (Bytes.rindex_from t 6 'a'));
  check "contains_from" (fun () -> ignore (Bytes.contains_from t 7 'a'));
  check "extend" (fun () -> ignore (Bytes.extend t (-4) (-4)));
  check "ok" (fun () -> ());
  let buf = Buffer.create 4 in
  Buffer.add_bytes buf (Bytes.of_string "abc");
  Buffer.add_subbytes buf (Bytes.of_string "xyzw") 1 2;
  let copy = Buffer.to_bytes buf in
  Bytes.set copy 0 'A';
  show copy; print_string (Buffer.contents buf); line ();
  check "add_subbytes" (fun () -> Buffer.add_subbytes buf (Bytes.of_string "q") 1 1);
  let target = Bytes.make 6 '.' in
  String.blit "abcdef" 1 target 2 3;
  show target; line ();
  check "String.blit" (fun () -> String.blit "abc" 0 target 4 3)
