(* sorting where the algorithm shows: Array.sort (OCaml's heap sort, not stable) and List.sort/stable_sort (stable merge sort) with many ties, on small and large inputs, with a comparison that counts its calls *)
let calls = ref 0
let by_key (k1, _) (k2, _) = incr calls; compare k1 k2

let checksum l = List.fold_left (fun acc (k, v) -> (acc * 31 + k * 7 + v) land 0xFFFFFFF) 0 l

let () =
  let small = [| (3, 0); (1, 1); (3, 2); (2, 3); (1, 4); (3, 5); (2, 6); (1, 7) |] in
  let a = Array.copy small in
  Array.sort by_key a;
  Array.iter (fun (k, v) -> print_int k; print_char ':'; print_int v; print_char ' ') a; print_newline ();
  print_int !calls; print_newline (); calls := 0;
  let l = Array.to_list small in
  List.iter (fun (k, v) -> print_int k; print_char ':'; print_int v; print_char ' ') (List.sort by_key l); print_newline ();
  List.iter (fun (k, v) -> print_int k; print_char ':'; print_int v; print_char ' ') (List.stable_sort by_key l); print_newline ();
  print_int !calls; print_newline (); calls := 0;
  let n = 5000 in
  let big = Array.init n (fun i -> ((i * 7919) mod 13, i)) in
  let b1 = Array.copy big in Array.sort by_key b1;
  print_int (checksum (Array.to_list b1)); print_char ' '; print_int !calls; print_newline (); calls := 0;
  let lb = Array.to_list big in
  let s1 = List.sort by_key lb in
  print_int (checksum s1); print_char ' '; print_int !calls; print_newline (); calls := 0;
  let s2 = List.stable_sort by_key lb in
  print_int (checksum s2); print_char ' '; print_int !calls; print_newline (); calls := 0;
  print_string (if s1 = s2 then "same" else "differ"); print_newline ();
  let desc = List.sort (fun a b -> compare b a) (List.init 10 (fun i -> i mod 4)) in
  List.iter print_int desc; print_newline ();
  let arr = Array.init 20 (fun i -> (i * 37) mod 11) in
  Array.sort (fun a b -> compare b a) arr; Array.iter (fun x -> print_int x; print_char ' ') arr; print_newline ();
  let strs = [| "b"; "a"; "c"; "a"; "b"; "" |] in
  Array.sort compare strs; Array.iter (fun s -> print_string ("[" ^ s ^ "]")) strs; print_newline ();
  let one = [| 42 |] and none = [||] in Array.sort compare one; Array.sort compare none;
  print_int one.(0); print_int (Array.length none); print_newline ();
  let sorted = List.sort compare (List.init 100000 (fun i -> (i * 104729) mod 100003)) in
  print_int (List.hd sorted); print_char ' '; print_int (List.nth sorted 50000); print_char ' '; print_int (List.length sorted); print_newline ();
  let fa = Array.init 1000 (fun i -> float ((i * 31) mod 97) /. 7.0) in
  Array.sort compare fa; print_float fa.(0); print_char ' '; print_float fa.(500); print_char ' '; print_float fa.(999); print_newline ()
