(* Array functions not covered by 10: get/set/iteri/mapi/fold_right/sub/append/fill/sort, float/string/empty arrays, and every Array error *)
let pa a = print_char '['; Array.iter (fun x -> print_int x; print_char ';') a; print_char ']'
let pf a = print_char '['; Array.iter (fun x -> print_float x; print_char ';') a; print_char ']'
let nl () = print_newline ()
let attempt name f =
  print_string (name ^ ": ");
  (try f () with
   | Invalid_argument m -> print_string ("Invalid_argument " ^ m)
   | Failure m -> print_string ("Failure " ^ m));
  nl ()

let () =
  let a = Array.init 8 (fun i -> (i * 5) mod 8) in
  pa a; nl ();
  Array.set a 0 100; print_int (Array.get a 0); nl ();
  Array.iteri (fun i x -> print_int (i * x); print_char ' ') a; nl ();
  pa (Array.mapi (fun i x -> i - x) a); nl ();
  print_int (Array.fold_right (fun x acc -> x - acc) a 0); nl ();
  print_string (Array.fold_right (fun x acc -> string_of_int x ^ acc) [|1; 2; 3|] "!"); nl ();
  pa (Array.sub a 2 3); pa (Array.sub a 8 0); pa (Array.sub [||] 0 0); nl ();
  pa (Array.append [|1; 2|] [|3|]); pa (Array.append [||] [||]); pa (Array.append [||] [|7|]); nl ();
  Array.fill a 1 3 (-1); pa a; Array.fill a 8 0 5; pa a; nl ();
  Array.sort compare a; pa a; nl ();
  let words = [|"pear"; "apple"; "fig"; "banana"; "apple"; "cherry"|] in
  Array.sort compare words; Array.iter (fun s -> print_string s; print_char ' ') words; nl ();
  Array.sort (fun a b -> compare (String.length a) (String.length b)) words;
  Array.iter (fun s -> print_string s; print_char ' ') words; nl ();
  let fa = Array.make 4 1.5 in
  fa.(2) <- -0.25; pf fa; nl ();
  let fb = Array.map (fun x -> x *. 2.0) fa in pf fb; nl ();
  pf (Array.append fa [|nan; infinity|]); nl ();
  pf (Array.sub fb 1 2); pf (Array.copy [||]); nl ();
  Array.blit fa 0 fb 1 3; pf fb; nl ();
  Array.blit fb 0 fb 1 3; pf fb; nl ();
  Array.blit fb 1 fb 0 3; pf fb; nl ();
  Array.sort compare fb; pf fb; nl ();
  print_float (Array.fold_left ( +. ) 0.0 fb); nl ();
  let fl = Array.of_list [3.0; 1.0; 2.0] in pf fl; print_int (List.length (Array.to_list fl)); nl ();
  let nested = Array.make 3 [||] in
  for i = 0 to 2 do nested.(i) <- Array.make (i + 1) i done;
  Array.iter pa nested; nl ();
  let m = Array.init 3 (fun i -> Array.init 3 (fun j -> i * 3 + j)) in
  m.(1).(1) <- 0; Array.iter pa m; nl ();
  let shared = Array.make 2 (ref 0) in
  shared.(0) := 5; print_int !(shared.(1)); nl ();
  (* order of calls *)
  ignore (Array.init 4 (fun i -> print_int i; i)); print_char '|';
  ignore (Array.map (fun x -> print_int x; x) [|5; 6; 7|]); print_char '|';
  ignore (Array.fold_right (fun x acc -> print_int x; acc) [|1; 2; 3|] ()); nl ();
  attempt "get 8" (fun () -> print_int a.(8));
  attempt "get -1" (fun () -> print_int (Array.get a (-1)));
  attempt "set 8" (fun () -> a.(8) <- 0);
  attempt "float get" (fun () -> print_float fa.(4));
  attempt "float set" (fun () -> fa.(-1) <- 0.0);
  attempt "string get" (fun () -> print_string words.(6));
  attempt "empty get" (fun () -> print_int [||].(0));
  attempt "make -1" (fun () -> pa (Array.make (-1) 0));
  attempt "init -1" (fun () -> pa (Array.init (-1) (fun i -> i)));
  attempt "sub" (fun () -> pa (Array.sub a 6 3));
  attempt "sub neg" (fun () -> pa (Array.sub a (-1) 1));
  attempt "fill" (fun () -> Array.fill a 7 2 0);
  attempt "blit src" (fun () -> Array.blit a 5 a 0 4);
  attempt "blit dst" (fun () -> Array.blit a 0 a 6 4);
  attempt "blit neg" (fun () -> Array.blit a 0 a 0 (-1));
  attempt "ok" (fun () -> print_int a.(7))
