(* closures capturing many variables of mixed kinds (int, float, int64, string, list, closure), partial and over-application of unknown functions, closures in data structures, local mutual recursion capturing free variables *)
let apply_unknown (f : int -> int -> int -> int) = f 1
let twice f x = f (f x)
let compose f g x = f (g x)
let pick b = if b then (fun x y -> x * 10 + y) else (fun x -> let k = x * 100 in fun y -> k + y)
let make_adder3 a = fun b -> fun c -> a + b + c
let over (f : int -> int -> int) = f

let () =
  let a = 1 and b = 2.5 and c = 3L and d = "four" and e = [5; 6] and f = (fun x -> x * 7) in
  let g = 8 and h = 9.0 and i = 'i' and j = (10, "ten") and k = Some 11 and l = [| 12; 13 |] in
  let big x =
    x + a + int_of_float b + Int64.to_int c + String.length d + List.length e + f 1
    + g + int_of_float h + Char.code i + fst j + String.length (snd j)
    + (match k with Some v -> v | None -> 0) + l.(0) + l.(1) in
  print_int (big 0); print_char ' '; print_int (big 100); print_newline ();
  let fs = List.init 10 (fun n -> let sq = n * n in let s = string_of_int n in fun m -> s ^ ":" ^ string_of_int (sq + m)) in
  List.iter (fun fn -> print_string (fn 1); print_char ' ') fs; print_newline ();
  let f3 = fun x y z -> x * 100 + y * 10 + z in
  let p1 = apply_unknown f3 in
  let p2 = p1 2 in
  print_int (p2 3); print_char ' '; print_int (p1 4 5); print_char ' '; print_int (apply_unknown f3 6 7); print_newline ();
  print_int (pick true 1 2); print_char ' '; print_int (pick false 1 2); print_char ' ';
  let pf = pick false 3 in print_int (pf 4 + pf 5); print_newline ();
  print_int (make_adder3 1 2 3); print_char ' '; let m = make_adder3 10 in print_int (m 20 30 + m 1 1); print_newline ();
  (* over-application: a function returning a function, applied to all arguments at once *)
  let curried = fun x -> if x > 0 then (fun y -> fun z -> x + y + z) else (fun y z -> x - y - z) in
  print_int (curried 1 2 3); print_char ' '; print_int (curried 0 2 3); print_char ' ';
  print_int (over (fun x -> fun y -> x - y) 10 3); print_newline ();
  print_int (twice (twice (fun x -> x * 2)) 1); print_char ' ';
  print_int ((compose (fun x -> x + 1) (fun x -> x * 3)) 5); print_char ' ';
  print_int (List.fold_left (fun acc fn -> fn acc) 1 [(+) 1; ( * ) 5; (fun x -> x - 2); ( / ) 100]); print_newline ();
  (* closures sharing mutable state *)
  let make_account init =
    let balance = ref init and history = ref [] in
    let deposit n = balance := !balance + n; history := n :: !history in
    let withdraw n = if n > !balance then false else (balance := !balance - n; history := (-n) :: !history; true) in
    let report () = print_int !balance; print_char ' '; print_int (List.length !history); print_newline () in
    (deposit, withdraw, report) in
  let (dep, wd, rep) = make_account 100 in
  dep 50; ignore (wd 30); print_string (if wd 1000 then "yes " else "no "); rep ();
  (* local mutual recursion capturing free variables *)
  let limit = 20 and tag = "x" in
  let rec ping n acc = if n > limit then acc else pong (n + 1) (acc ^ tag)
  and pong n acc = if n > limit then acc ^ "!" else ping (n + 2) (acc ^ string_of_int n) in
  print_endline (ping 0 "");
  (* closures over floats, in arrays, called later *)
  let scales = Array.init 5 (fun i -> let s = float i *. 0.5 in fun x -> x *. s +. b) in
  Array.iter (fun fn -> print_float (fn 2.0); print_char ' ') scales; print_newline ();
  (* partial application of library functions *)
  let add_all = List.fold_left (+) 0 in
  let incr_all = List.map (( + ) 1) in
  print_int (add_all (incr_all [1; 2; 3])); print_char ' ';
  let cat = String.concat "-" in print_endline (cat ["a"; "b"])
