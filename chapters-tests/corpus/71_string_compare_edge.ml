(* string comparison and equality at the representation's edges: embedded NUL bytes, lengths around the 8-byte word and padding, prefixes, high bytes, strings in compound values and sorted lists *)
let sign x = if x < 0 then -1 else if x > 0 then 1 else 0
let c a b = print_int (sign (compare a b)); print_int (sign (String.compare a b)); print_string (if a = b then "=" else "#"); print_char ' '

let () =
  c "abc" "abc\000"; c "abc\000" "abc"; c "\000" ""; c "\000\000" "\000"; c "a\000b" "a\000c"; print_newline ();
  c "1234567" "12345678"; c "12345678" "1234567"; c "12345678" "12345678"; c "123456789" "12345678"; c "1234567\000" "1234567"; print_newline ();
  c "\255" "\127"; c "\128" "\127"; c "a\255" "a\001"; c (String.make 8 '\255') (String.make 9 '\000'); print_newline ();
  c (String.make 15 'a') (String.make 16 'a'); c (String.make 16 'a' ^ "b") (String.make 16 'a' ^ "a"); c (String.make 1000 'x') (String.make 1000 'x'); print_newline ();
  for n = 0 to 17 do
    let a = String.make n 'q' and b = String.make n 'q' ^ "\000" in
    print_int (sign (compare a b)); print_int (sign (compare b a)); print_int (if a = b then 1 else 0); print_char ' '
  done;
  print_newline ();
  let pc a b = print_int (sign (compare a b)); print_string (if a = b then "=" else "#"); print_char ' ' in
  pc ("a", "b\000") ("a", "b"); pc ["x"; ""] ["x"]; pc (Some "\000") (Some ""); print_newline ();
  let l = ["b"; "a\000"; "a"; ""; "\000"; "ab"; "a\255"; "B"] in
  List.iter (fun s -> print_int (String.length s); print_char ':';
              String.iter (fun ch -> print_int (Char.code ch); print_char '.') s; print_char ' ')
    (List.sort compare l);
  print_newline ();
  print_string (if String.equal "" "" && not (String.equal "a" "a\000") then "equal ok" else "equal bad"); print_newline ();
  print_int (String.length ("\000" ^ "\000")); print_char ' '; print_string (if "\000" ^ "\000" = "\000\000" then "cat ok" else "cat bad"); print_newline ()
