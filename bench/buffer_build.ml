(* Building strings: Buffer.add_string and add_char of many short pieces,
   then contents, twenty times over. *)
let () =
  let total = ref 0 in
  for round = 1 to 6 do
    let b = Buffer.create 16 in
    for i = 1 to 50_000 do
      Buffer.add_string b (string_of_int i);
      Buffer.add_char b (if i land 1 = 0 then ',' else ';')
    done;
    let s = Buffer.contents b in
    total := !total + String.length s + Char.code s.[round]
  done;
  Printf.printf "%d\n" !total
