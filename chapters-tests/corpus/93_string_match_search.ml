(* A match on strings: every constant, the strings between them in
   caml_string_compare's order, prefixes of each other, and the empty
   string must find their arm or the default. *)
let classify = function
  | "" -> 0
  | "a" -> 1
  | "ab" -> 2
  | "abc" -> 3
  | "b" -> 4
  | "ba" -> 5
  | "zebra" -> 6
  | "\255" -> 7
  | "abcdefghijklmnop" -> 8
  | "abcdefghijklmnoq" -> 9
  | _ -> -1

let () =
  List.iter
    (fun s ->
      print_int (classify s);
      print_char ' ')
    [ ""; "a"; "ab"; "abc"; "abcd"; "aa"; "b"; "ba"; "bb"; "zebra"; "zebr";
      "zebras"; "\255"; "\254"; "abcdefghijklmnop"; "abcdefghijklmnoq";
      "abcdefghijklmnor"; "A"; "\000" ];
  print_newline ()
