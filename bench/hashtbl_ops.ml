(* Hashtbl with int and string keys: replace, find_opt, find with a
   handler, remove, fold; OCaml's hash and growth from a small table. *)
let () =
  let n = 60_000 in
  let h = Hashtbl.create 16 in
  for i = 0 to n - 1 do
    Hashtbl.replace h (i * 7919 mod 1_000_003) i
  done;
  let hits = ref 0 in
  for r = 1 to 3 do
    for i = 0 to n - 1 do
      match Hashtbl.find_opt h (i * r) with Some v -> hits := !hits + (v land 7) | None -> ()
    done
  done;
  let s = Hashtbl.create 16 in
  for i = 0 to n - 1 do
    let k = "k" ^ string_of_int (i mod 5000) in
    Hashtbl.replace s k (1 + try Hashtbl.find s k with Not_found -> 0)
  done;
  for i = 0 to (n / 2) - 1 do
    Hashtbl.remove h (i * 7919 mod 1_000_003)
  done;
  let sum = Hashtbl.fold (fun k v acc -> (acc + (k lxor v)) land 0xFFFFFF) h 0 in
  Printf.printf "%d %d %d %d\n" (Hashtbl.length h) !hits (Hashtbl.length s) sum
