(* List functions not covered by 08: rev_map map2 iter2 partition find find_opt assoc_opt flatten combine split stable_sort append, and every List error *)
let pl l = print_char '['; List.iter (fun x -> print_int x; print_char ';') l; print_char ']'
let nl () = print_newline ()
let attempt name f =
  print_string (name ^ ": ");
  (try f () with
   | Invalid_argument m -> print_string ("Invalid_argument " ^ m)
   | Failure m -> print_string ("Failure " ^ m)
   | Not_found -> print_string "Not_found");
  nl ()

let () =
  let l = [5; 3; 8; 1; 9; 2] in
  pl (List.rev_map (fun x -> x * 10) l); nl ();
  pl (List.map2 (fun a b -> a - b) l (List.rev l)); nl ();
  List.iter2 (fun a b -> print_int (a * b); print_char ' ') [1; 2; 3] [4; 5; 6]; nl ();
  let evens, odds = List.partition (fun x -> x mod 2 = 0) l in
  pl evens; pl odds; nl ();
  print_int (List.find (fun x -> x > 5) l); nl ();
  (match List.find_opt (fun x -> x > 100) l with None -> print_string "none" | Some x -> print_int x); nl ();
  (match List.find_opt (fun x -> x < 3) l with None -> print_string "none" | Some x -> print_int x); nl ();
  let al = [("one", 1); ("two", 2); ("three", 3); ("two", 22)] in
  (match List.assoc_opt "two" al with Some v -> print_int v | None -> print_string "none"); nl ();
  (match List.assoc_opt "four" al with Some v -> print_int v | None -> print_string "none"); nl ();
  pl (List.flatten [[1]; []; [2; 3]; []; [4]]); pl (List.flatten []); nl ();
  List.iter (fun (a, b) -> print_int a; print_string b; print_char ' ') (List.combine [1; 2; 3] ["a"; "b"; "c"]); nl ();
  let xs, ys = List.split [(1, 'x'); (2, 'y'); (3, 'z')] in
  pl xs; List.iter print_char ys; nl ();
  let pairs = [(3, "c"); (1, "a"); (3, "a"); (2, "b"); (1, "z"); (3, "b")] in
  List.iter (fun (k, v) -> print_int k; print_string v; print_char ' ')
    (List.stable_sort (fun (a, _) (b, _) -> compare a b) pairs); nl ();
  List.iter (fun (k, v) -> print_int k; print_string v; print_char ' ')
    (List.sort (fun (a, _) (b, _) -> compare b a) pairs); nl ();
  pl (List.sort compare (List.init 20 (fun i -> (i * 7919) mod 23))); nl ();
  pl (List.append [] [1]); pl (List.append [1] []); pl ([1; 2] @ [3] @ [] @ [4; 5]); nl ();
  pl (List.rev []); pl (List.concat [[]; []]); nl ();
  print_int (List.length (List.init 0 (fun i -> i))); nl ();
  print_string (if List.for_all (fun _ -> false) [] then "T" else "F");
  print_string (if List.exists (fun _ -> true) [] then "T" else "F");
  print_string (if List.mem 3 [] then "T" else "F");
  print_string (if List.mem [1; 2] [[1]; [1; 2]] then "T" else "F"); nl ();
  (* map/init/iter order of calls *)
  ignore (List.map (fun x -> print_int x; x) [1; 2; 3]); print_char '|';
  ignore (List.rev_map (fun x -> print_int x; x) [1; 2; 3]); print_char '|';
  ignore (List.mapi (fun i x -> print_int (i + x); x) [10; 20]); print_char '|';
  ignore (List.map2 (fun a b -> print_int (a + b); a) [1; 2] [10; 20]); print_char '|';
  ignore (List.fold_right (fun x acc -> print_int x; acc + x) [1; 2; 3] 0); nl ();
  attempt "hd" (fun () -> print_int (List.hd []));
  attempt "tl" (fun () -> pl (List.tl []));
  attempt "nth 5" (fun () -> print_int (List.nth [1; 2] 5));
  attempt "nth -1" (fun () -> print_int (List.nth [1; 2] (-1)));
  attempt "nth 1" (fun () -> print_int (List.nth [1; 2] 1));
  attempt "map2" (fun () -> pl (List.map2 (+) [1] [1; 2]));
  attempt "iter2" (fun () -> List.iter2 (fun a b -> print_int (a + b)) [1; 2; 3] [1; 2]);
  attempt "combine" (fun () -> ignore (List.combine [1; 2] ["a"]));
  attempt "init -1" (fun () -> pl (List.init (-1) (fun i -> i)));
  attempt "find" (fun () -> print_int (List.find (fun x -> x > 100) [1; 2]));
  attempt "assoc" (fun () -> print_int (List.assoc 4 [(1, 1)]));
  attempt "assoc []" (fun () -> print_int (List.assoc "k" []))
