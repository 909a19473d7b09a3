(* Labelled and optional arguments: definitions, applications in any
   order, punning, partial application by label, erased optional
   arguments, defaults and when they are evaluated, ?x:opt. *)

let trace s x = print_string s; print_string " "; x

let sub ~x ~y = x - y
let () = print_int (sub ~x:10 ~y:3); print_newline ()
let () = print_int (sub ~y:3 ~x:10); print_newline ()

(* Arguments are evaluated right to left in the order of the parameters,
   whatever the order they are written in. *)
let f3 ~a ~b c = a * 100 + b * 10 + c
let () =
  print_int (f3 ~b:(trace "b" 2) (trace "c" 3) ~a:(trace "a" 1));
  print_newline ()

(* A total application may omit the labels. *)
let () = print_int (f3 (trace "1" 1) (trace "2" 2) (trace "3" 3)); print_newline ()

(* Punning. *)
let () =
  let x = 7 and y = 2 in
  print_int (sub ~x ~y); print_newline ()

(* Partial application by label: the given argument is evaluated now. *)
let minus_five = sub ~y:(trace "five" 5)
let () = print_string "| "; print_int (minus_five ~x:20); print_newline ()
let from_hundred = sub ~x:100
let () = print_int (from_hundred ~y:1); print_newline ()

(* ~(x : t) and ~x:pattern. *)
let area ~(width : int) ~height:(h : int) = width * h
let () = print_int (area ~height:3 ~width:4); print_newline ()
let norm1 ~v:(a, b) = abs a + abs b
let () = print_int (norm1 ~v:(3, -4)); print_newline ()

(* Optional arguments: ?x is an option, ?(x = d) has a default. *)
let greet ?name () =
  match name with
  | None -> print_endline "hello"
  | Some n -> print_endline ("hello " ^ n)
let () = greet ()
let () = greet ~name:"ada" ()
let () = greet ?name:(Some "bob") ()
let () = greet ?name:None ()
let () = let name = "cy" in greet ~name ()
let () = let name = Some "dee" in greet ?name ()

(* The default is evaluated when the function is fully applied, each time. *)
let step ?(by = trace "default" 1) n = n + by
let () = print_int (step 10); print_newline ()
let () = print_int (step ~by:5 10); print_newline ()
let () = print_int (step 10); print_newline ()

(* An optional parameter before an unlabelled argument is erased. *)
let range ?(from = 0) ?(step = 1) until =
  let rec go i = if i >= until then [] else i :: go (i + step) in
  go from
let show l = List.iter (fun i -> print_int i; print_string " ") l; print_newline ()
let () = show (range 5)
let () = show (range ~step:2 9)
let () = show (range ~from:3 7)
let () = show (range ~step:3 ~from:1 12)

(* Erased in a partial application: the default waits for the rest. *)
let add3 ?(a = trace "a" 1) x y = a + x + y
let add3_5 = add3 5
let () = print_string "| "; print_int (add3_5 6); print_newline ()

(* Optional arguments left out of a partial application stay optional. *)
let k ?(a = 1) ?b c = match b with None -> a + c | Some b -> a + b + c
let kb = k ~b:(trace "B" 10)
let () = print_string "| "; print_int (kb 100); print_newline ()
let () = print_int (kb ~a:1000 100); print_newline ()

(* Defaults may use earlier parameters. *)
let window ~lo ?(hi = lo + 10) () = hi - lo
let () = print_int (window ~lo:5 ()); print_newline ()
let () = print_int (window ~hi:8 ~lo:5 ()); print_newline ()

(* Labelled functions as values and in higher-order code. *)
let apply_labelled (g : x:int -> y:int -> int) = g ~y:1 ~x:2
let () = print_int (apply_labelled sub); print_newline ()
let () = print_int (apply_labelled (fun ~x ~y -> x * y)); print_newline ()
let twice ~f x = f (f x)
let () = print_int (twice ~f:(fun x -> x * 3) 2); print_newline ()
let () = print_int (twice 2 ~f:succ); print_newline ()
let opt_user (g : ?step:int -> int -> int) = g 1 + g ~step:10 1
let () = print_int (opt_user (fun ?(step = 2) n -> n + step)); print_newline ()

(* The library's own. *)
let () = print_int (Option.value None ~default:4); print_newline ()
let () = Fun.protect ~finally:(fun () -> print_endline "finally") (fun () -> print_endline "body")
