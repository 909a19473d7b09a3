(* lazy values: forcing evaluates once, an exception is raised again (the same value) on every force, forcing a lazy value from its own computation raises Lazy.Undefined, Lazy.from_val/from_fun/is_val/map/map_val/force_val, lazy streams, and an uncaught Undefined at the end *)
let trace = ref []
let note s = trace := s :: !trace

let answer = lazy (note "answer"; 6 * 7)

let () =
  Printf.printf "before: %b\n" (Lazy.is_val answer);
  Printf.printf "%d %d\n" (Lazy.force answer) (Lazy.force answer);
  Printf.printf "after: %b, computed %d time(s)\n" (Lazy.is_val answer) (List.length !trace)

(* a constant, a variable, a function or a constant constructor needs no computation: OCaml evaluates it at once *)
let () =
  let x = 5 in
  let f = lazy (fun y -> y + 1) in
  Printf.printf "%b %b %b %b %b %b\n" (Lazy.is_val (lazy 3)) (Lazy.is_val (lazy x))
    (Lazy.is_val f) (Lazy.is_val (lazy None)) (Lazy.is_val (lazy "s"))
    (Lazy.is_val (lazy (x + 1)));
  Printf.printf "%d\n" ((Lazy.force f) 41)

exception Boom of int

(* the same exception, physically, on every force *)
let () =
  let n = ref 0 in
  let bad = lazy (incr n; raise (Boom !n)) in
  let catch () = try ignore (Lazy.force bad); None with e -> Some e in
  match (catch (), catch ()) with
  | Some (Boom a as e1), Some (Boom b as e2) ->
      Printf.printf "Boom %d, Boom %d, same: %b, ran %d time(s), is_val %b\n" a b (e1 == e2) !n
        (Lazy.is_val bad)
  | _ -> print_endline "unexpected"

(* forcing itself: Undefined *)
let rec self_ref = lazy (1 + Lazy.force self_ref)

let () =
  (match Lazy.force self_ref with
   | n -> Printf.printf "value %d\n" n
   | exception Lazy.Undefined -> print_endline "Undefined");
  (* and again: the first force recorded the exception *)
  (try ignore (Lazy.force self_ref) with Lazy.Undefined -> print_endline "Undefined again")

(* from_val, from_fun, map, map_val, force_val *)
let () =
  let v = Lazy.from_val [1; 2; 3] in
  let calls = ref 0 in
  let f = Lazy.from_fun (fun () -> incr calls; "from_fun") in
  let m = Lazy.map List.length v in
  let mv = Lazy.map_val List.length v in
  let mf = Lazy.map_val String.length f in
  Printf.printf "%b %b %b %b %b\n" (Lazy.is_val v) (Lazy.is_val f) (Lazy.is_val m) (Lazy.is_val mv)
    (Lazy.is_val mf);
  Printf.printf "%d %d %d %s %d\n" (Lazy.force m) (Lazy.force mv) (Lazy.force mf) (Lazy.force_val f) !calls;
  let failing = lazy (failwith "once") in
  (try ignore (Lazy.force_val failing) with Failure s -> print_endline ("Failure " ^ s));
  (try ignore (Lazy.force_val failing) with
   | Lazy.Undefined -> print_endline "force_val leaves it Undefined"
   | Failure s -> print_endline ("Failure again " ^ s))

(* lazy streams: the naturals, filtered, each cell computed once *)
type 'a stream = Nil | Cons of 'a * 'a stream Lazy.t

let rec from n = Cons (n, lazy (note (string_of_int n); from (n + 1)))

let rec take k s =
  match s with
  | Nil -> []
  | Cons (x, rest) -> if k = 0 then [] else x :: take (k - 1) (Lazy.force rest)

let rec filter p s =
  match s with
  | Nil -> Nil
  | Cons (x, rest) ->
      let tail = lazy (filter p (Lazy.force rest)) in
      if p x then Cons (x, tail) else Lazy.force tail

let () =
  trace := [];
  let nats = from 0 in
  let evens = filter (fun n -> n mod 2 = 0) nats in
  List.iter (fun n -> Printf.printf "%d " n) (take 5 evens);
  List.iter (fun n -> Printf.printf "%d " n) (take 5 evens);
  Printf.printf "\ncells computed: %d\n" (List.length !trace)

(* a lazy float and a lazy of a lazy *)
let () =
  let x = lazy (sqrt 2.0) in
  let ll = lazy (lazy (print_endline "inner"; 1)) in
  Printf.printf "%.3f %d\n" (Lazy.force x) (Lazy.force (Lazy.force ll))

let () =
  let rec loop = lazy (Lazy.force loop + 1) in
  print_endline "last";
  print_int (Lazy.force loop)
