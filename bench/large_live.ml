(* benchmark: a large live set (a 10-million-element list and an array of 100,000 short lists, kept alive to the end) across heavy allocation of short-lived lists and tuples; stresses the major heap's size and the cost of collecting around long-lived data *)
let rec build i acc = if i = 0 then acc else build (i - 1) (i :: acc)

let () =
  let big = build 10_000_000 [] in
  let table = Array.init 100_000 (fun i -> [ i; i + 1 ]) in
  let total = ref 0 in
  for round = 1 to 50 do
    (* short-lived: a list of 200,000 pairs, mapped and folded *)
    let l = build 200_000 [] in
    let pairs = List.map (fun x -> (x, x * round)) l in
    let s = List.fold_left (fun acc (a, b) -> (acc + a + b) land 0xFFFFFF) 0 pairs in
    (* long-lived: one table entry in a hundred gets a new head *)
    for i = 0 to 999 do
      let j = (i * 100 + round) mod 100_000 in
      table.(j) <- (round + i) :: List.tl table.(j)
    done;
    total := (!total + s) land 0x3FFFFFFF
  done;
  let sum_big = List.fold_left (fun acc x -> (acc + x) land 0x3FFFFFFF) 0 big in
  let sum_table = Array.fold_left (fun acc l -> acc + List.fold_left ( + ) 0 l) 0 table in
  print_string "large_live ";
  print_int !total;
  print_char ' ';
  print_int sum_big;
  print_char ' ';
  print_int sum_table;
  print_newline ()
