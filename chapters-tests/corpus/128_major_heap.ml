(* A large live set kept across heavy allocation: the survivors are
   promoted once, and the major heap is marked and swept many times while
   the data stays intact. Blocks of every size die in the major heap, so
   its free lists are reused; a large array lives there from the start. *)

let rec build n acc = if n = 0 then acc else build (n - 1) (n :: acc)

let () =
  let live = build 50_000 [] in
  let table = Array.make 5000 [] in
  for round = 1 to 20 do
    (* lists of varied lengths, most of which die within a round *)
    for i = 0 to 4999 do
      if (i + round) mod 7 = 0 then
        table.(i) <- build ((i mod 40) + 1) []
    done;
    let garbage = Array.init 300 (fun i -> Array.make ((i mod 50) + 1) round) in
    if Array.length garbage.(round) = 0 then print_string "never"
  done;
  let total = Array.fold_left (fun acc l -> acc + List.length l) 0 table in
  let s = List.fold_left ( + ) 0 live in
  Printf.printf "live list: %d elements, sum %d\n" (List.length live) s;
  Printf.printf "table: %d elements\n" total;
  let strings = Array.init 2000 (fun i -> String.make (i mod 300) 'x') in
  for round = 1 to 20 do
    strings.(round * 37 mod 2000) <- String.make (round * 13) 'y'
  done;
  let chars = Array.fold_left (fun acc s -> acc + String.length s) 0 strings in
  Printf.printf "strings: %d characters\n" chars
