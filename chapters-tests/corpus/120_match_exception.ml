(* match ... with exception: value and exception cases together; the exception cases catch only what the scrutinee raises (not the value cases' bodies or guards), guards on both, or-patterns mixing the two, re-raising when no exception case matches, tail calls from value cases, local exceptions *)
exception Stop of int
exception Skip

let classify f x =
  match f x with
  | 0 | exception Not_found -> "zero or not found"
  | n when n > 10 -> "big " ^ string_of_int n
  | exception Failure s when String.length s > 3 -> "long failure " ^ s
  | exception Failure s -> "failure " ^ s
  | exception (Stop n) when n > 100 -> "stopped late"
  | exception (Invalid_argument _ | Stop _) -> "stopped or invalid"
  | n -> "small " ^ string_of_int n

let () =
  List.iter (fun (f, x) -> print_endline (classify f x))
    [ ((fun x -> x), 0); ((fun _ -> raise Not_found), 1); ((fun x -> x * 5), 3);
      ((fun _ -> failwith "abcd"), 0); ((fun _ -> failwith "ab"), 0); ((fun x -> x), 4);
      ((fun x -> raise (Stop x)), 500); ((fun x -> raise (Stop x)), 5);
      ((fun _ -> invalid_arg "x"), 0) ];
  (* an exception no case matches goes on *)
  (try print_endline (classify (fun _ -> raise Skip) 0) with Skip -> print_endline "Skip escaped");
  (* raised by a value case's body: not caught by the exception cases *)
  let r =
    try
      match 1 with
      | 1 -> raise Not_found
      | _ -> "other"
      | exception Not_found -> "caught by the match"
    with Not_found -> "caught outside"
  in
  print_endline r;
  (* raised by a value case's guard: not caught either *)
  let g x = if x = 2 then raise (Stop 2) else x > 5 in
  let r =
    try
      match 2 with
      | x when g x -> "guard true"
      | _ -> "guard false"
      | exception Stop _ -> "caught by the match"
    with Stop n -> "guard raised " ^ string_of_int n
  in
  print_endline r

(* a variable bound on both sides of a mixed or-pattern *)
let value_or_payload f = match f () with Some x | exception Stop x -> x | None -> -1

let () =
  Printf.printf "%d %d %d\n" (value_or_payload (fun () -> Some 3))
    (value_or_payload (fun () -> raise (Stop 9))) (value_or_payload (fun () -> None))

(* the value case's call is a tail call: a million iterations in constant stack *)
let next_of limit i = if i >= limit then raise Exit else i + 1

let rec count limit i acc =
  match next_of limit i with
  | exception Exit -> acc
  | j -> count limit j (acc + j)

let () = print_int (count 1_000_000 0 0); print_newline ()

(* a local exception, and the scrutinee a tuple: evaluated right to left, as ocamlopt does when the match has exception cases *)
let pairs () =
  let exception Empty in
  let pop l = match !l with [] -> raise Empty | x :: rest -> l := rest; x in
  let a = ref [1; 2; 3] and b = ref [10; 20] in
  let rec go acc =
    match (print_string "a"; pop a), (print_string "b"; pop b) with
    | (x, y) -> go ((x + y) :: acc)
    | exception Empty -> List.rev acc
  in
  let r = go [] in
  print_newline ();
  r

let () = List.iter (fun n -> print_int n; print_char ' ') (pairs ()); print_newline ()

(* exception cases inside exception cases, and a match whose value case re-raises what an inner match caught *)
let nested x =
  match (match x with 0 -> raise Not_found | 1 -> raise Skip | n -> n) with
  | exception Not_found -> (match raise Skip with () -> "unreachable" | exception Skip -> "inner skip")
  | exception Skip -> "outer skip"
  | n -> string_of_int n

let () = List.iter (fun x -> print_endline (nested x)) [0; 1; 2]

(* as the last thing in a function: an exception the handler raises anew propagates *)
let reraise_as_failure f = match f () with v -> v | exception Not_found -> failwith "not found"

let () =
  (try ignore (reraise_as_failure (fun () -> raise Not_found)) with Failure s -> print_endline ("Failure " ^ s));
  print_int (reraise_as_failure (fun () -> 42)); print_newline ();
  match reraise_as_failure (fun () -> raise (Stop 1)) with
  | _ -> ()
  | exception Stop n -> Printf.printf "Stop %d\n" n
