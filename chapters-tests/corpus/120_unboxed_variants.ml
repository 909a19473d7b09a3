(* Variants, tuples and options split at join points and around loops
   (chapter "Unboxing"): every shape a join can receive, constant
   constructors among blocks of several tags, a value that escapes, loops
   entered with a caller's block, and mutation between a loop's turns. *)

type t = A | B | C of int | D of int * string

let[@inline never] pick c x =
  let v =
    if c > 3 then D (x, "d")
    else if c > 2 then C x
    else if c > 1 then A
    else B
  in
  print_string "pick ";
  match v with
  | A -> 1
  | B -> 2
  | C a -> a + 1
  | D (a, s) -> a * String.length s

(* The joined value escapes into a list: it must stay a block. *)
let[@inline never] keep c x acc =
  let v = if c then Some x else None in
  print_string "keep ";
  v :: acc

let rec walk n (x, y) =
  if n = 0 then x +. y else walk (n - 1) (y *. 0.5, x +. 1.0)

let next v = if v > 1000 then None else Some ((v * 2) + 1)

let rec go acc o = match o with None -> acc | Some v -> go (acc + v) (next v)

let rec length acc = function [] -> acc | _ :: rest -> length (acc + 1) rest

(* A record with a mutable field carried around a loop: the loop reads it
   after a call that changes it. *)
type cell = { mutable count : int; step : int }

let rec bump n c =
  if n = 0 then c.count
  else begin
    c.count <- c.count + c.step;
    bump (n - 1) c
  end

let () =
  List.iter (fun c -> print_int (pick c 7); print_newline ()) [ 0; 1; 2; 3; 4 ];
  let l = keep true 1 (keep false 2 []) in
  print_int (List.length l);
  print_newline ();
  print_float (walk 1000 (1.0, 2.0));
  print_newline ();
  print_int (go 0 (Some 1));
  print_int (go 0 None);
  print_newline ();
  print_int (length 0 [ 1; 2; 3 ]);
  print_newline ();
  print_int (bump 10 { count = 1; step = 3 });
  print_newline ()
