(* Buffer, and Printf.bprintf *)
let () =
  let b = Buffer.create 1 in
  for i = 1 to 20 do
    Buffer.add_string b (string_of_int i);
    Buffer.add_char b ','
  done;
  print_endline (Buffer.contents b);
  Printf.printf "length %d, nth 3 = %c, sub = %s\n" (Buffer.length b) (Buffer.nth b 3) (Buffer.sub b 2 5);
  Buffer.truncate b 10;
  print_endline (Buffer.contents b);
  let c = Buffer.create 16 in
  Buffer.add_buffer c b;
  Buffer.add_substring c "abcdef" 1 3;
  print_endline (Buffer.contents c);
  Buffer.clear c;
  Printf.printf "cleared: %d [%s]\n" (Buffer.length c) (Buffer.contents c);
  Printf.bprintf c "%d-%s-%5.2f|%a|%t" 42 "x" 3.14159
    (fun buf n -> Buffer.add_string buf (string_of_int (n * 2))) 21
    (fun buf -> Buffer.add_char buf '!');
  Printf.bprintf c "%%%c" '\n';
  print_string (Buffer.contents c);
  Buffer.reset c;
  Printf.printf "reset: %d\n" (Buffer.length c);
  let big = Buffer.create 0 in
  for _ = 1 to 1000 do Buffer.add_string big "0123456789" done;
  Printf.printf "big: %d %c\n" (Buffer.length big) (Buffer.nth big 9999);
  (try ignore (Buffer.nth big 10000) with Invalid_argument m -> print_endline m);
  (try ignore (Buffer.sub big 9995 10) with Invalid_argument m -> print_endline m);
  (try Buffer.add_substring big "abc" 2 2 with Invalid_argument m -> print_endline m);
  (try Buffer.truncate big 10001 with Invalid_argument m -> print_endline m)
