(* local exceptions (let exception) as bind-exit from loops and iterators, a fresh identity per evaluation, exceptions carrying closures and records, exceptions defined at top level with several arguments, exceptions as values in lists *)
exception Pair of int * string
exception Carry of (int -> int)
type info = { code : int; msg : string }
exception Info of info

let find_index p a =
  let exception Found of int in
  try Array.iteri (fun i x -> if p x then raise (Found i)) a; None
  with Found i -> Some i

let make_thrower () =
  let exception Local in
  ((fun () -> raise Local), (fun f -> try f (); "no" with Local -> "mine"))

let sum_until_zero l =
  let exception Stop of int in
  try List.fold_left (fun acc x -> if x = 0 then raise (Stop acc) else acc + x) 0 l
  with Stop s -> -s

let () =
  let show o = match o with None -> print_string "None " | Some i -> print_int i; print_char ' ' in
  show (find_index (fun x -> x > 3) [| 1; 5; 2; 7 |]); show (find_index (fun x -> x > 30) [| 1; 5 |]);
  show (find_index (fun s -> s = "b") [| "a"; "b" |]); print_newline ();
  let (throw1, catch1) = make_thrower () and (throw2, catch2) = make_thrower () in
  print_string (catch1 throw1); print_char ' '; print_string (catch2 throw2); print_char ' ';
  print_string (catch1 (fun () -> ())); print_char ' ';
  print_string (try catch1 throw2 with _ -> "escaped"); print_newline ();
  print_int (sum_until_zero [1; 2; 3; 0; 100]); print_char ' '; print_int (sum_until_zero [4; 5]); print_newline ();
  (try raise (Pair (3, "three")) with Pair (n, s) -> print_int n; print_string s); print_newline ();
  (try raise (Carry (fun x -> x * 11)) with Carry f -> print_int (f 3)); print_newline ();
  (try raise (Info { code = 404; msg = "missing" }) with Info { code; msg } -> print_int code; print_string msg); print_newline ();
  let handlers = [(fun e -> match e with Pair (n, _) -> Some n | _ -> None); (fun e -> match e with Info r -> Some r.code | _ -> None)] in
  List.iter (fun e ->
      let r = List.fold_left (fun acc h -> match acc with Some _ -> acc | None -> h e) None handlers in
      (match r with Some n -> print_int n | None -> print_string "unhandled"); print_char ' ')
    [Pair (1, ""); Info { code = 2; msg = "" }; Not_found; Carry (fun x -> x)];
  print_newline ();
  let depth = ref 0 in
  let rec search n =
    let exception Here of int in
    try if n = 0 then raise (Here 0) else (incr depth; search (n - 1) + 1)
    with Here k -> k + 100 in
  print_int (search 50); print_char ' '; print_int !depth; print_newline ();
  let outer = ref [] in
  for i = 1 to 3 do
    let exception Skip in
    (try if i = 2 then raise Skip; outer := i :: !outer with Skip -> outer := (-i) :: !outer)
  done;
  List.iter (fun i -> print_int i; print_char ' ') !outer; print_newline ()
