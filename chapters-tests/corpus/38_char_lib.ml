(* Char: code/chr over 0..255, uppercase_ascii/lowercase_ascii on every char, Char.chr errors, char escapes printed *)
let () =
  let up = ref 0 and low = ref 0 and same = ref 0 in
  for i = 0 to 255 do
    let c = Char.chr i in
    assert (Char.code c = i);
    let u = Char.uppercase_ascii c and l = Char.lowercase_ascii c in
    if u <> c then incr up;
    if l <> c then incr low;
    if u = c && l = c then incr same
  done;
  print_int !up; print_char ' '; print_int !low; print_char ' '; print_int !same; print_newline ();
  String.iter (fun c -> print_char (Char.uppercase_ascii c)) "Hello, World! az{}[]@`\233";
  print_newline ();
  String.iter (fun c -> print_char (Char.lowercase_ascii c)) "Hello, World! AZ{}[]@`\201";
  print_newline ();
  List.iter (fun c -> print_int (Char.code c); print_char ' ')
    ['\n'; '\t'; '\r'; '\b'; ' '; '\\'; '\''; '"'; '\000'; '\255'; '\x7f'; '\o177'; 'A'];
  print_newline ();
  List.iter (fun i ->
      try print_char (Char.chr i); print_string "|"
      with Invalid_argument m -> print_string ("<" ^ m ^ ">"))
    [65; 256; -1; 97; 1000; min_int; 48];
  print_newline ();
  let classify c = match c with
    | 'a' .. 'z' -> "lower" | 'A' .. 'Z' -> "upper" | '0' .. '9' -> "digit"
    | ' ' | '\t' | '\n' -> "space" | '\128' .. '\255' -> "high" | _ -> "other" in
  List.iter (fun c -> print_string (classify c); print_char ' ') ['q'; 'Q'; '5'; '\t'; '\200'; '#'; '\255'; '\127'];
  print_newline ();
  print_int (compare 'a' 'b'); print_int (compare '\255' '\000'); print_int (compare 'x' 'x');
  print_newline ();
  print_string (String.make 1 (max 'a' 'Z')); print_string (String.make 1 (min 'a' 'Z'));
  print_newline ()
