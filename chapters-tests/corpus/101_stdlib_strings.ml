(* String, Char, Stack, Queue and the conversions that may fail, as
   OCaml 4.13 has them. *)
let pb b = print_endline (string_of_bool b)
let po o = print_endline (match o with None -> "None" | Some x -> "Some " ^ string_of_int x)
let show_exn f =
  try f () with
  | Invalid_argument m -> print_endline ("Invalid_argument " ^ m)
  | Not_found -> print_endline "Not_found"
  | Stack.Empty -> print_endline "Stack.Empty"
  | Queue.Empty -> print_endline "Queue.Empty"

let () =
  let s = "  Hello, World!\t\n" in
  print_endline ("[" ^ String.trim s ^ "]");
  print_endline ("[" ^ String.trim "" ^ "][" ^ String.trim "   " ^ "]");
  print_endline (String.escaped "tab\there \"quoted\" back\\slash \001\255 é");
  print_endline (String.init 5 (fun i -> Char.chr (97 + i)));
  print_endline (String.map Char.uppercase_ascii "abc-xyz");
  print_endline (String.mapi (fun i c -> if i mod 2 = 0 then c else '_') "abcdef");
  String.iteri (fun i c -> print_int i; print_char c) "xyz"; print_newline ();
  print_int (String.fold_left (fun n c -> n + Char.code c) 0 "AB"); print_newline ();
  print_endline (String.fold_right (fun c acc -> acc ^ String.make 1 c) "abc" "");
  pb (String.exists (fun c -> c = 'z') "lazy"); pb (String.for_all (fun c -> c <> ' ') "a b");
  let t = "banana" in
  print_int (String.index t 'a'); print_int (String.rindex t 'a');
  print_int (String.index_from t 2 'n'); print_int (String.rindex_from t 3 'n'); print_newline ();
  po (String.index_opt t 'z'); po (String.rindex_opt t 'b'); po (String.index_from_opt t 6 'a');
  po (String.rindex_from_opt t (-1) 'a');
  show_exn (fun () -> ignore (String.index t 'z'));
  show_exn (fun () -> ignore (String.index_from t 7 'a'));
  show_exn (fun () -> ignore (String.rindex_from t 6 'a'));
  show_exn (fun () -> ignore (String.index_from_opt t (-1) 'a'));
  show_exn (fun () -> ignore (String.rindex_from_opt t 9 'a'));
  pb (String.contains t 'n'); pb (String.contains_from t 5 'n'); pb (String.rcontains_from t 1 'n');
  show_exn (fun () -> ignore (String.contains_from t 7 'a'));
  show_exn (fun () -> ignore (String.rcontains_from t 6 'a'));
  print_endline (String.uppercase_ascii "MiXeD 1é" ^ String.lowercase_ascii "MiXeD");
  print_endline (String.capitalize_ascii "hello" ^ String.uncapitalize_ascii "World" ^ String.capitalize_ascii "");
  pb (String.starts_with ~prefix:"ban" t); pb (String.starts_with ~prefix:"bananas" t);
  pb (String.ends_with ~suffix:"ana" t); pb (String.ends_with ~suffix:"x" t); pb (String.ends_with ~suffix:"" t);
  List.iter (fun p -> print_string ("<" ^ p ^ ">")) (String.split_on_char ',' "a,b,,c,"); print_newline ();
  List.iter (fun p -> print_string ("<" ^ p ^ ">")) (String.split_on_char ',' ""); print_newline ();
  print_endline (String.of_seq (Seq.map Char.uppercase_ascii (String.to_seq "seq")));
  Seq.iter (fun (i, c) -> print_int i; print_char c) (String.to_seqi "ab"); print_newline ();
  print_endline (String.cat "con" "cat" ^ String.empty);
  show_exn (fun () -> ignore (String.init (-1) (fun _ -> 'x')))

let () =
  List.iter (fun c -> print_string (Char.escaped c); print_char ' ') [ 'a'; '\''; '\\'; '\n'; '\t'; '\r'; '\b'; '"'; '\000'; '\127'; '\200' ];
  print_newline ();
  print_int (Char.compare 'a' 'b'); pb (Char.equal 'x' 'x');
  print_char (char_of_int 65); show_exn (fun () -> ignore (char_of_int 256));
  pb (bool_of_string "true"); show_exn (fun () -> ignore (bool_of_string "yes"));
  (match bool_of_string_opt "false" with Some b -> pb b | None -> print_endline "None");
  po (int_of_string_opt "42"); po (int_of_string_opt "0x1F"); po (int_of_string_opt "4 2"); po (int_of_string_opt "");
  prerr_int 7; prerr_char ' '; prerr_float 2.5; prerr_newline ();
  print_float (mod_float 7.5 2.0); print_newline ();
  print_int (Fun.id 1 |> ( ~+ )); print_newline ();
  print_endline (string_of_int @@ 3 + 4)

let () =
  let s = Stack.create () in
  List.iter (fun x -> Stack.push x s) [ 1; 2; 3 ];
  print_int (Stack.length s); print_int (Stack.top s); print_newline ();
  Stack.iter print_int s; print_newline ();
  print_int (Stack.fold ( + ) 0 s); print_newline ();
  let c = Stack.copy s in
  print_int (Stack.pop s); print_int (Stack.pop s); po (Stack.pop_opt s); po (Stack.pop_opt s);
  po (Stack.top_opt s); pb (Stack.is_empty s); pb (Stack.is_empty c);
  show_exn (fun () -> ignore (Stack.pop s)); show_exn (fun () -> ignore (Stack.top s));
  Seq.iter print_int (Stack.to_seq c); print_newline ();
  let d = Stack.of_seq (List.to_seq [ 7; 8 ]) in
  print_int (Stack.pop d); Stack.clear c; print_int (Stack.length c); print_newline ()

let () =
  let q = Queue.create () in
  List.iter (fun x -> Queue.add x q) [ 1; 2; 3 ];
  Queue.push 4 q;
  print_int (Queue.length q); print_int (Queue.peek q); print_int (Queue.top q); print_newline ();
  Queue.iter print_int q; print_newline ();
  print_int (Queue.fold (fun acc x -> (acc * 10) + x) 0 q); print_newline ();
  let c = Queue.copy q in
  print_int (Queue.take q); print_int (Queue.pop q); po (Queue.take_opt q); po (Queue.peek_opt q);
  print_int (Queue.take q); pb (Queue.is_empty q);
  show_exn (fun () -> ignore (Queue.take q)); show_exn (fun () -> ignore (Queue.peek q));
  let r = Queue.of_seq (List.to_seq [ 10; 20 ]) in
  Queue.transfer c r;
  Seq.iter (fun x -> print_int x; print_char ' ') (Queue.to_seq r); print_newline ();
  print_int (Queue.length c); print_int (Queue.length r); print_newline ();
  Queue.add 5 c; print_int (Queue.take c); Queue.clear r; pb (Queue.is_empty r);
  Queue.transfer r c; print_int (Queue.length c); print_newline ()
