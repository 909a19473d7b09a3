(* exceptions crossing many frames of deep non-tail recursion (depth 100000), handlers installed at many levels that re-raise, Fun.protect frames unwound in order, state after unwinding *)
exception Found of int
exception Depth of int * string

let unwound = ref 0
let log = ref []

let rec search n target =
  if n = target then raise (Found (n * 2))
  else 1 + search (n + 1) target

let rec layered n =
  if n = 0 then raise (Depth (0, "bottom"))
  else if n mod 1000 = 0 then
    (try 1 + layered (n - 1) with Depth (k, s) -> incr unwound; raise (Depth (k + 1, s)))
  else 1 + layered (n - 1)

let rec protected n =
  if n = 0 then failwith "deep failure"
  else if n mod 2000 = 0 then
    Fun.protect ~finally:(fun () -> log := n :: !log) (fun () -> 1 + protected (n - 1))
  else 1 + protected (n - 1)

let rec sum_until_neg l = match l with
  | [] -> 0
  | x :: rest -> if x < 0 then raise (Found x) else x + sum_until_neg rest

let () =
  (try ignore (search 0 100000) with Found v -> print_int v); print_newline ();
  (try ignore (layered 100000) with Depth (k, s) -> print_int k; print_char ' '; print_string s); print_char ' ';
  print_int !unwound; print_newline ();
  (try ignore (protected 20000) with Failure m -> print_string m); print_char ' ';
  print_int (List.length !log); print_char ' '; print_int (List.hd !log); print_char ' ';
  print_int (List.nth !log 9); print_newline ();
  let l = List.init 100000 (fun i -> if i = 99990 then -5 else 1) in
  (try print_int (sum_until_neg l) with Found x -> print_string "found "; print_int x); print_newline ();
  print_int (sum_until_neg (List.init 100000 (fun _ -> 1))); print_newline ();
  (* many raises, each through a moderately deep stack, with allocation in between *)
  let total = ref 0 in
  for i = 1 to 2000 do
    let d = 50 + (i mod 50) in
    (try ignore (search 0 d) with Found v -> total := !total + v);
    let junk = List.init 20 (fun j -> (j, string_of_int i)) in
    total := !total + List.length junk
  done;
  print_int !total; print_newline ();
  (* a handler deep in the stack catching one that was raised just below it, then continuing to recurse *)
  let rec mixed n acc =
    if n = 0 then acc
    else
      let v = try if n mod 7 = 0 then raise (Found n) else n with Found k -> -k in
      mixed (n - 1) (acc + v) + 0 in
  print_int (mixed 50000 0); print_newline ();
  (* stack still usable after all that unwinding *)
  let rec depth n = if n = 0 then 0 else 1 + depth (n - 1) in
  print_int (depth 200000); print_newline ()
