(* building strings: ^ in loops and recursion, String.concat of many pieces, String.make, string_of_int/string_of_float pieces, large results, reversing, joining and splitting by hand *)
let rec repeat s n = if n = 0 then "" else s ^ repeat s (n - 1)

let split_on c s =
  let n = String.length s in
  let rec go i start acc =
    if i = n then List.rev (String.sub s start (i - start) :: acc)
    else if s.[i] = c then go (i + 1) (i + 1) (String.sub s start (i - start) :: acc)
    else go (i + 1) start acc in
  go 0 0 []

let reverse s =
  let n = String.length s in
  String.concat "" (List.init n (fun i -> String.make 1 s.[n - 1 - i]))

let pad_left w s = if String.length s >= w then s else String.make (w - String.length s) ' ' ^ s

let to_hex n =
  let digits = "0123456789abcdef" in
  let rec go n acc = if n = 0 then acc else go (n lsr 4) (String.make 1 digits.[n land 15] ^ acc) in
  if n = 0 then "0" else go n ""

let () =
  print_endline (repeat "ab" 5);
  print_endline (repeat "" 100 ^ "|");
  let parts = split_on ',' "a,bb,,ccc,"; in
  print_int (List.length parts); print_char ' ';
  List.iter (fun p -> print_string ("<" ^ p ^ ">")) parts; print_newline ();
  List.iter (fun p -> print_string ("<" ^ p ^ ">")) (split_on ',' ""); print_newline ();
  print_endline (reverse "stressed"); print_endline (reverse "");
  for i = 0 to 4 do print_endline (pad_left 8 (string_of_int (int_of_float (10.0 ** float i)))) done;
  print_endline (String.concat " " (List.map to_hex [0; 1; 255; 4096; 0xdeadbeef; max_int]));
  let s = ref "" in
  for i = 1 to 2000 do s := !s ^ string_of_int (i mod 10) done;
  print_int (String.length !s); print_char ' '; print_endline (String.sub !s 1990 10);
  let pieces = List.init 10000 (fun i -> string_of_int i) in
  let joined = String.concat ";" pieces in
  print_int (String.length joined); print_char ' '; print_endline (String.sub joined (String.length joined - 20) 20);
  let table = List.map (fun (name, v) -> name ^ "=" ^ string_of_float v) [("pi", 3.14159); ("e", exp 1.0); ("z", 0.0); ("neg", -2.5)] in
  print_endline (String.concat ", " table);
  let line = String.make 20 '-' in
  print_endline ("+" ^ line ^ "+");
  let quote s = "\"" ^ s ^ "\"" in
  print_endline (quote (quote "x"));
  let words = ["the"; "quick"; "brown"; "fox"] in
  let caps = List.map (fun w -> String.make 1 (Char.uppercase_ascii w.[0]) ^ String.sub w 1 (String.length w - 1)) words in
  print_endline (String.concat " " caps);
  let count_sub sub s =
    let n = String.length s and m = String.length sub in
    let c = ref 0 in
    for i = 0 to n - m do if String.sub s i m = sub then incr c done; !c in
  print_int (count_sub "ab" "abababxab"); print_char ' '; print_int (count_sub "zz" "z"); print_newline ();
  let acc = ref [] in
  String.iter (fun c -> acc := String.make 2 c :: !acc) "abc";
  print_endline (String.concat "" (List.rev !acc));
  let buf = Array.make 5 "" in
  for i = 0 to 4 do buf.(i) <- String.make (i + 1) (Char.chr (97 + i)) done;
  print_endline (String.concat "/" (Array.to_list buf))
