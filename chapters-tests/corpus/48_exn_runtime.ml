(* exceptions raised by the runtime and the library, caught at various depths and printed with their payloads: bounds, String.sub, Not_found, Failure int_of_string, Assert_failure, Match_failure, Division_by_zero, Exit, Invalid_argument compare; re-raise and Fun.Finally_raised *)
exception Wrapped of string * exn
exception Code of int

let describe e = match e with
  | Invalid_argument m -> "Invalid_argument(" ^ m ^ ")"
  | Failure m -> "Failure(" ^ m ^ ")"
  | Not_found -> "Not_found"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Assert_failure (f, l, c) -> "Assert_failure(" ^ f ^ "," ^ string_of_int l ^ "," ^ string_of_int c ^ ")"
  | Match_failure (f, l, c) -> "Match_failure(" ^ f ^ "," ^ string_of_int l ^ "," ^ string_of_int c ^ ")"
  | Code n -> "Code " ^ string_of_int n
  | Wrapped (s, _) -> "Wrapped " ^ s
  | Fun.Finally_raised e -> "Finally_raised"
  | _ -> "other"

let rec nest n f = if n = 0 then f () else 1 + nest (n - 1) f

let probe name f =
  print_string (name ^ ": ");
  (try ignore (nest 5 (fun () -> f (); 0)); print_string "no exception"
   with e -> print_string (describe e));
  print_newline ()

let arr = [| 1; 2; 3 |]
let str = "hello"
let classify n = match n with 0 -> "zero" | 1 -> "one"
let first l = let x :: _ = l in x

let () =
  probe "array get" (fun () -> ignore arr.(3));
  probe "array set" (fun () -> arr.(-1) <- 0);
  probe "string get" (fun () -> ignore str.[5]);
  probe "String.sub" (fun () -> ignore (String.sub str 3 3));
  probe "Char.chr" (fun () -> ignore (Char.chr 300));
  probe "List.assoc" (fun () -> ignore (List.assoc 9 [(1, 2)]));
  probe "int_of_string" (fun () -> ignore (int_of_string "12x"));
  probe "List.hd" (fun () -> ignore (List.hd []));
  probe "assert" (fun () -> assert (Array.length arr = 4));
  probe "assert ok" (fun () -> assert (Array.length arr = 3));
  probe "match" (fun () -> ignore (classify 2));
  probe "let pattern" (fun () -> ignore (first []));
  probe "function" (fun () -> ignore ((function Some x -> x) None));
  probe "mod" (fun () -> ignore (1 mod (Array.length [||])));
  probe "Exit" (fun () -> raise Exit);
  probe "compare fn" (fun () -> ignore (compare (fun () -> ()) (fun () -> ())));
  probe "failwith" (fun () -> failwith "custom");
  probe "invalid_arg" (fun () -> invalid_arg "mine");
  probe "Option.get" (fun () -> ignore (Option.get None));
  probe "Finally_raised" (fun () -> Fun.protect ~finally:(fun () -> raise (Code 1)) (fun () -> raise (Code 2)));
  probe "finally ok" (fun () -> Fun.protect ~finally:(fun () -> print_string "[fin] ") (fun () -> raise (Code 3)));
  (* re-raise from a handler at several depths, wrapping and unwrapping *)
  let rec dive n =
    if n = 0 then ignore (int_of_string "nope")
    else
      try dive (n - 1) with
      | Failure m when n mod 3 = 0 -> raise (Wrapped ("level " ^ string_of_int n, Failure m))
      | Wrapped (s, inner) when n = 10 -> raise (Wrapped (s ^ " via 10", inner))
      | e -> raise e in
  (try dive 12 with Wrapped (s, inner) -> print_endline (s ^ " / " ^ describe inner));
  (try dive 2 with e -> print_endline (describe e));
  (* handler that does not match lets the exception through to the outer one *)
  let r = try (try raise Not_found with Failure _ -> 1 | Exit -> 2) with Not_found -> 3 in
  print_int r; print_newline ();
  (* the exception value is a first-class value *)
  let exns = [Not_found; Failure "f"; Code 7; Invalid_argument "i"; Exit] in
  List.iter (fun e -> try raise e with x -> print_string (describe x ^ " ")) exns; print_newline ();
  print_string (if Code 1 = Code 1 then "eq" else "ne"); print_string (if Code 1 = Code 2 then " eq" else " ne"); print_newline ();
  (* exceptions caught inside a handler's body *)
  let v = try raise (Code 1) with Code n -> (try raise (Code (n + 1)) with Code m -> m * 10) in
  print_int v; print_newline ()
