(* exceptions raised inside callbacks of library functions (List.iter/map/fold_left/fold_right/find/exists/sort, Array.iter/map/init/sort, String.iter, Option.map, Fun.protect) escape them cleanly; partial effects are visible; finally raising on normal return *)
exception Stop of int

let attempt name f =
  print_string (name ^ ": ");
  (try f () with Stop n -> print_string ("Stop " ^ string_of_int n));
  print_newline ()

let () =
  let seen = ref [] in
  attempt "List.iter" (fun () -> List.iter (fun x -> seen := x :: !seen; if x = 3 then raise (Stop x)) [1; 2; 3; 4]);
  print_int (List.length !seen); print_newline ();
  attempt "List.map" (fun () -> ignore (List.map (fun x -> if x > 2 then raise (Stop x) else print_int x) [1; 2; 3; 4]));
  attempt "fold_left" (fun () -> ignore (List.fold_left (fun acc x -> if acc > 5 then raise (Stop acc) else acc + x) 0 [1; 2; 3; 4; 5]));
  attempt "fold_right" (fun () -> ignore (List.fold_right (fun x acc -> print_int x; if x = 2 then raise (Stop acc) else acc + x) [1; 2; 3; 4] 0));
  attempt "find" (fun () -> ignore (List.find (fun x -> if x = 0 then raise (Stop 0) else false) [3; 2; 1; 0]));
  attempt "exists" (fun () -> ignore (List.exists (fun x -> print_int x; x = 2) [1; 2; 3]));
  attempt "List.sort" (fun () -> ignore (List.sort (fun a b -> if a = 7 || b = 7 then raise (Stop 7) else compare a b) [5; 1; 7; 2]));
  let arr = [| 5; 3; 9; 1; 7; 2; 8 |] in
  let cmps = ref 0 in
  attempt "Array.sort" (fun () -> Array.sort (fun a b -> incr cmps; if !cmps = 6 then raise (Stop !cmps) else compare a b) arr);
  Array.iter (fun x -> print_int x; print_char ' ') arr; print_newline ();
  attempt "Array.iter" (fun () -> Array.iter (fun x -> if x = 9 then raise (Stop x)) [| 1; 9; 2 |]);
  attempt "Array.map" (fun () -> ignore (Array.map (fun x -> print_int x; if x = 2 then raise (Stop x) else x) [| 1; 2; 3 |]));
  attempt "Array.init" (fun () -> ignore (Array.init 10 (fun i -> if i = 4 then raise (Stop i) else i)));
  attempt "List.init" (fun () -> ignore (List.init 10 (fun i -> if i = 6 then raise (Stop i) else i)));
  attempt "String.iter" (fun () -> String.iter (fun c -> print_char c; if c = 'l' then raise (Stop (Char.code c))) "hello");
  attempt "Option.map" (fun () -> ignore (Option.map (fun x -> raise (Stop x)) (Some 11)));
  attempt "nested protect" (fun () ->
      Fun.protect ~finally:(fun () -> print_string "[outer] ")
        (fun () -> Fun.protect ~finally:(fun () -> print_string "[inner] ") (fun () -> raise (Stop 12))));
  (try ignore (Fun.protect ~finally:(fun () -> raise (Stop 13)) (fun () -> print_string "body done "; 5))
   with Fun.Finally_raised (Stop n) -> print_string ("Finally_raised Stop " ^ string_of_int n)
      | Stop n -> print_string "plain Stop");
  print_newline ();
  let r = Fun.protect ~finally:(fun () -> print_string "cleanup ") (fun () -> try raise (Stop 14) with Stop n -> n * 2) in
  print_int r; print_newline ();
  let total = ref 0 in
  for i = 1 to 1000 do
    (try List.iter (fun x -> if x = i mod 7 then raise (Stop x) else total := !total + x) [0; 1; 2; 3; 4; 5; 6]
     with Stop n -> total := !total + 100 * n)
  done;
  print_int !total; print_newline ()
