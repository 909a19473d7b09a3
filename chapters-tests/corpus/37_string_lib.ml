(* String library: length/get/make/sub/concat/iter/equal/compare on empty and long strings, escapes, and every error (String.sub, String.make, s.[i]) *)
let show s = print_string "["; print_string s; print_string "] "; print_int (String.length s); print_newline ()
let sign x = if x < 0 then -1 else if x > 0 then 1 else 0

let try_str name f =
  print_string (name ^ ": ");
  (try print_endline (f ()) with
   | Invalid_argument m -> print_endline ("Invalid_argument " ^ m)
   | Failure m -> print_endline ("Failure " ^ m))

let () =
  show ""; show "a"; show (String.make 0 'x'); show (String.make 5 'z');
  show "tab\there"; show "quote\"back\\slash"; show "\065\066\x43\x44";
  show "\o101"; show "line1\nline2";
  show (String.make 3 '\000' ^ "|");
  let s = "abcdefgh" in
  show (String.sub s 0 8); show (String.sub s 8 0); show (String.sub s 3 2);
  show (String.sub "" 0 0);
  show (String.concat ", " ["a"; "b"; "c"]);
  show (String.concat "" ["x"; ""; "y"]);
  show (String.concat "--" []);
  show (String.concat "--" [""]);
  show (String.concat "--" [""; ""]);
  String.iter (fun c -> print_int (Char.code c); print_char ' ') "AZaz09 ~";
  print_newline ();
  String.iter (fun _ -> print_string "never") "";
  print_endline "after empty iter";
  List.iter (fun (a, b) ->
      print_int (sign (String.compare a b)); print_char ' ';
      print_string (if String.equal a b then "eq" else "ne"); print_string "; ")
    [("", ""); ("", "a"); ("a", ""); ("abc", "abd"); ("abc", "ab"); ("Z", "a");
     ("\255", "\000"); ("same", "same"); ("aaaaaaaaab", "aaaaaaaaa")];
  print_newline ();
  try_str "sub -1" (fun () -> String.sub s (-1) 2);
  try_str "sub len" (fun () -> String.sub s 7 2);
  try_str "sub neglen" (fun () -> String.sub s 2 (-1));
  try_str "sub past" (fun () -> String.sub s 9 0);
  try_str "make -1" (fun () -> String.make (-1) 'a');
  try_str "get 8" (fun () -> String.make 1 s.[8]);
  try_str "get -1" (fun () -> String.make 1 (String.get s (-1)));
  try_str "get empty" (fun () -> String.make 1 "".[0]);
  try_str "ok get" (fun () -> String.make 2 s.[7]);
  (* long strings *)
  let big = String.make 100000 'q' in
  let big2 = big ^ big in
  print_int (String.length big2); print_newline ();
  print_char big2.[199999]; print_newline ();
  print_endline (String.sub big2 99998 4);
  print_string (if big2 = String.make 200000 'q' then "big equal" else "big differ");
  print_newline ();
  (* every string length 0..9 and its padding byte *)
  for n = 0 to 9 do
    let t = String.make n 'k' ^ "!" in
    print_int (String.length t); print_char ':'; print_string t; print_char ' '
  done;
  print_newline ();
  print_endline (string_of_int (String.length "\r\n\t\b\\ \'"))
