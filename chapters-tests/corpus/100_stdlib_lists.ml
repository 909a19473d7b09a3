(* List, Array, Seq, Option, Result, Either and Fun, as OCaml 4.13 has them. *)
let pl l = print_endline (String.concat " " (List.map string_of_int l))
let pa a = pl (Array.to_list a)
let po o = print_endline (match o with None -> "None" | Some x -> "Some " ^ string_of_int x)
let pb b = print_endline (string_of_bool b)
let show_exn f = try f () with Invalid_argument m -> print_endline ("Invalid_argument " ^ m) | Not_found -> print_endline "Not_found"

let () =
  let l = [ 5; 3; 8; 1; 9; 3; 7 ] in
  print_int (List.compare_lengths l [ 1; 2 ]); print_int (List.compare_length_with l 7);
  print_int (List.compare_length_with [] (-1)); print_newline ();
  pl (List.cons 0 l); po (List.nth_opt l 2); po (List.nth_opt l 10);
  show_exn (fun () -> ignore (List.nth_opt l (-1)));
  pl (List.rev_map2 ( + ) [ 1; 2; 3 ] [ 10; 20; 30 ]);
  show_exn (fun () -> ignore (List.rev_map2 ( + ) [ 1 ] []));
  print_int (List.fold_left2 (fun a x y -> a + (x * y)) 0 [ 1; 2; 3 ] [ 4; 5; 6 ]); print_newline ();
  pl (List.fold_right2 (fun x y acc -> (x - y) :: acc) [ 1; 2 ] [ 3; 4 ] []);
  show_exn (fun () -> ignore (List.fold_left2 (fun a _ _ -> a) 0 [ 1 ] [ 1; 2 ]));
  pb (List.for_all2 ( < ) [ 1; 2 ] [ 2; 3 ]); pb (List.exists2 ( = ) [ 1; 2 ] [ 3; 2 ]);
  (* stops before noticing the lengths differ, as OCaml's does *)
  pb (List.for_all2 ( = ) [ 1; 2 ] [ 2 ]);
  show_exn (fun () -> ignore (List.exists2 ( = ) [ 1; 2 ] [ 2 ]));
  let s = "x" in
  pb (List.memq s [ "x"; s ]); pb (List.memq "y" [ "x" ]);
  let al = [ (1, "one"); (2, "two"); (3, "three") ] in
  print_endline (List.assoc 2 al); pb (List.mem_assoc 3 al); pb (List.mem_assoc 4 al);
  print_int (List.length (List.remove_assoc 2 al)); print_newline ();
  show_exn (fun () -> ignore (List.assq 9 al));
  po (List.find_map (fun x -> if x > 6 then Some (x * 10) else None) l);
  pl (List.find_all (fun x -> x mod 2 = 1) l);
  pl (List.filteri (fun i _ -> i mod 2 = 0) l);
  pl (List.filter_map (fun x -> if x > 4 then Some (x - 4) else None) l);
  pl (List.concat_map (fun x -> [ x; x ]) [ 1; 2; 3 ]);
  let total, doubled = List.fold_left_map (fun acc x -> (acc + x, 2 * x)) 0 [ 1; 2; 3 ] in
  print_int total; pl doubled;
  let evens, odds = List.partition_map (fun x -> if x mod 2 = 0 then Either.Left x else Either.Right (string_of_int x)) l in
  pl evens; print_endline (String.concat "," odds);
  pl (List.merge compare [ 1; 4; 9 ] [ 2; 3; 10 ]);
  pl (List.sort_uniq compare l); pl (List.fast_sort (fun a b -> compare b a) l);
  pb (List.equal ( = ) [ 1; 2 ] [ 1; 2 ]); print_int (List.compare compare [ 1; 2 ] [ 1; 3 ]);
  print_int (List.compare compare [ 1; 2; 3 ] [ 1; 2 ]); print_newline ();
  pl (List.of_seq (List.to_seq l)); pl (List.rev_append [ 1; 2 ] [ 3 ]);
  (* the order in which functions are called *)
  ignore (List.filter_map (fun x -> print_int x; None) [ 1; 2; 3 ]);
  ignore (List.concat_map (fun x -> print_int x; []) [ 4; 5; 6 ]);
  print_newline ()

let () =
  let m = Array.make_matrix 2 3 0 in
  m.(1).(2) <- 7; Array.iter pa m;
  pa (Array.concat [ [| 1; 2 |]; [||]; [| 3 |] ]);
  print_int (Array.length (Array.concat [])); print_newline ();
  Array.iter2 (fun x y -> print_int (x * y)) [| 1; 2 |] [| 3; 4 |]; print_newline ();
  show_exn (fun () -> Array.iter2 (fun _ _ -> ()) [| 1 |] [||]);
  pa (Array.map2 ( - ) [| 10; 20 |] [| 1; 2 |]);
  show_exn (fun () -> ignore (Array.map2 ( - ) [| 10 |] [||]));
  let a = [| 4; 2; 9; 1 |] in
  pb (Array.exists (fun x -> x > 8) a); pb (Array.for_all (fun x -> x > 1) a);
  pb (Array.for_all2 ( <> ) a a); pb (Array.exists2 ( = ) a [| 0; 2; 0; 0 |]);
  show_exn (fun () -> ignore (Array.exists2 ( = ) a [||]));
  pb (Array.mem 9 a); pb (Array.memq 3 a);
  po (Array.find_opt (fun x -> x < 3) a); po (Array.find_map (fun x -> if x > 5 then Some x else None) a);
  let xs, ys = Array.split [| (1, 2); (3, 4) |] in
  pa xs; pa ys;
  let c = Array.combine [| 1; 2 |] [| 5; 6 |] in
  Array.iter (fun (x, y) -> print_int (x + y)) c; print_newline ();
  show_exn (fun () -> ignore (Array.combine [| 1 |] [||]));
  let b = Array.copy a in
  Array.stable_sort compare b; pa b; Array.fast_sort (fun x y -> compare y x) b; pa b;
  let acc, r = Array.fold_left_map (fun acc x -> (acc + x, acc)) 0 a in
  print_int acc; pa r;
  pa (Array.of_seq (Array.to_seq a));
  Seq.iter (fun (i, x) -> print_int (i * x)) (Array.to_seqi a); print_newline ();
  let f = Array.create_float 3 in
  print_int (Array.length f); print_newline ()

let () =
  let s = Seq.unfold (fun n -> if n > 5 then None else Some (n, n + 1)) 1 in
  pl (List.of_seq s);
  pl (List.of_seq (Seq.map (fun x -> x * x) s));
  pl (List.of_seq (Seq.filter (fun x -> x mod 2 = 0) s));
  pl (List.of_seq (Seq.filter_map (fun x -> if x > 3 then Some x else None) s));
  pl (List.of_seq (Seq.flat_map (fun x -> List.to_seq [ x; -x ]) (List.to_seq [ 1; 2 ])));
  pl (List.of_seq (Seq.append (Seq.return 1) (Seq.cons 2 Seq.empty)));
  pl (List.of_seq (Seq.concat (List.to_seq [ List.to_seq [ 1 ]; List.to_seq [ 2; 3 ] ])));
  print_int (Seq.fold_left ( + ) 0 s); print_newline ();
  (match s () with Seq.Cons (x, _) -> print_int x | Seq.Nil -> ()); print_newline ();
  (* laziness: nothing is computed until asked *)
  let noisy = Seq.map (fun x -> print_string "!"; x) s in
  print_string "built ";
  (match noisy () with Seq.Cons (x, _) -> print_int x | Seq.Nil -> ());
  print_newline ()

let () =
  po (Option.bind (Some 3) (fun x -> Some (x + 1))); po (Option.join (Some None));
  po Option.none; po (Option.some 2);
  print_endline (Option.fold ~none:"none" ~some:string_of_int (Some 4));
  Option.iter print_int (Some 5); print_newline ();
  pb (Option.equal ( = ) (Some 1) (Some 1)); print_int (Option.compare compare None (Some 1));
  print_newline ();
  (match Option.to_result ~none:"missing" None with Ok x -> print_int x | Error e -> print_endline e);
  pl (Option.to_list (Some 7)); pl (List.of_seq (Option.to_seq (Some 8)));
  let r : (int, string) result = Ok 3 in
  let e : (int, string) result = Error "bad" in
  print_int (Result.value e ~default:0); print_int (Result.get_ok r); print_endline (Result.get_error e);
  show_exn (fun () -> ignore (Result.get_ok e)); show_exn (fun () -> ignore (Result.get_error r));
  po (Result.to_option (Result.map (fun x -> x * 2) r));
  po (Result.to_option (Result.bind r (fun x -> if x > 2 then Error "big" else Ok x)));
  print_endline (Result.fold ~ok:string_of_int ~error:(fun m -> m) (Result.map_error String.uppercase_ascii e));
  pb (Result.is_ok r); pb (Result.is_error r);
  pb (Result.equal ~ok:( = ) ~error:( = ) r (Result.ok 3));
  print_int (Result.compare ~ok:compare ~error:compare r e); print_newline ();
  Result.iter print_int r; Result.iter_error print_endline e; pl (Result.to_list r);
  po (Result.to_option (Result.join (Ok (Error "x") : ((int, string) result, string) result)));
  let l : (int, string) Either.t = Either.left 1 in
  pb (Either.is_left l); po (Either.find_left l); print_endline (Either.fold ~left:string_of_int ~right:(fun s -> s) (Either.right "r"));
  print_int (Either.compare ~left:compare ~right:compare l (Either.Right "a")); print_newline ();
  print_int (Fun.id 3); print_int (Fun.const 4 "x"); print_int (Fun.flip ( - ) 1 10);
  pb (Fun.negate (fun x -> x > 0) 5)
