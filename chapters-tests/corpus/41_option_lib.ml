(* Option: value ~default, get (and its Invalid_argument), map, is_some, is_none; options of options, of floats and of functions *)
let show_opt f o = match o with None -> print_string "None" | Some x -> print_string "Some("; f x; print_string ")"
let nl () = print_newline ()

let () =
  let a = Some 3 and b : int option = None in
  print_int (Option.value a ~default:0); print_char ' ';
  print_int (Option.value b ~default:(-7)); print_char ' ';
  print_int (Option.value ~default:9 b); nl ();
  print_int (Option.get a); nl ();
  (try print_int (Option.get b) with Invalid_argument m -> print_string ("Invalid_argument " ^ m)); nl ();
  show_opt print_int (Option.map (fun x -> x * x) a); print_char ' ';
  show_opt print_int (Option.map (fun x -> x * x) b); nl ();
  show_opt print_string (Option.map string_of_int a); nl ();
  List.iter (fun o -> print_string (if Option.is_some o then "S" else "-");
                      print_string (if Option.is_none o then "N" else "-"))
    [a; b; Some 0; None]; nl ();
  let oo = Some (Some 1.5) and on = Some None in
  show_opt (show_opt print_float) oo; print_char ' ';
  show_opt (show_opt print_float) on; print_char ' ';
  show_opt (show_opt print_float) None; nl ();
  print_float (Option.value (Option.value oo ~default:None) ~default:0.0); nl ();
  let calls = ref 0 in
  let f = Option.map (fun k -> incr calls; fun x -> x + k) (Some 10) in
  print_int ((Option.get f) 5); print_char ' '; print_int !calls; nl ();
  ignore (Option.map (fun _ -> incr calls) None); print_int !calls; nl ();
  print_string (if Some 1 = Some 1 && None <> Some 0 && compare None (Some 0) < 0 then "ok" else "bad"); nl ();
  print_string (Option.value (Some "x") ~default:"y" ^ Option.value None ~default:"z"); nl ();
  let first_big l = List.find_opt (fun x -> x > 10) l in
  show_opt print_int (Option.map (fun x -> x + 1) (first_big [1; 20; 30])); nl ()
