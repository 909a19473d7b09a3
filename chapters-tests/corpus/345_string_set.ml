(* `b.[i] <- c`: OCaml's deprecated String.set, which stores into bytes,
   checks its index, and evaluates its operands left to right. *)
let b = Bytes.of_string "hello"

let () =
  b.[0] <- 'j';
  (print_string "a"; b).[(print_string "b"; 1)] <- (print_string "c"; 'E');
  print_newline ();
  print_bytes b;
  print_newline ();
  (try b.[5] <- 'x' with Invalid_argument m -> print_endline m);
  (try b.[-1] <- 'x' with Invalid_argument m -> print_endline m);
  let copy (x : bytes) i = x.[i + 1] <- Bytes.get x i in
  for i = 0 to 3 do copy b i done;
  print_endline (Bytes.to_string b);
  let rot13 s =
    let r = Bytes.of_string s in
    for i = 0 to Bytes.length r - 1 do
      let c = Bytes.get r i in
      if c >= 'a' && c <= 'z' then
        r.[i] <- Char.chr ((Char.code c - 97 + 13) mod 26 + 97)
    done;
    Bytes.to_string r
  in
  print_endline (rot13 "hello, world");
  String.set b 0 (Char.uppercase_ascii (Bytes.get b 0));
  print_bytes b;
  print_newline ()
