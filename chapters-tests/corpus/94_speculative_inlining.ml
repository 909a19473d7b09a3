(* Functions too big to inline everywhere, called with arguments that
   remove most of their bodies, with unknown ones, and with exceptions
   raised from the copies. *)
let describe n =
  if n = 0 then "nothing"
  else if n < 0 then "minus " ^ string_of_int (- n)
  else if n mod 2 = 0 then "even " ^ string_of_int (n / 2) ^ " pairs"
  else "odd " ^ string_of_int n ^ (if n > 100 then ", big" else ", small")

let rec length = function [] -> 0 | _ :: t -> 1 + length t

exception Bad of int

let check mode x =
  match mode with
  | 0 -> x
  | 1 -> if x < 0 then raise (Bad x) else x * 2
  | 2 -> (x * x) + (3 * x) - 7 + (if x land 1 = 0 then 100 else 200)
  | _ -> raise (Bad (mode + x + length [x; x; x]))

let apply_shape shape v =
  match shape with
  | None -> v
  | Some (a, b) -> (a * v) + b + (v / (if a = 0 then 1 else a)) + (v mod 7)

let () =
  print_endline (describe 0);
  print_endline (describe 7);
  print_endline (describe 1000);
  print_endline (describe (- (length [1; 2])));
  print_endline (describe (length [1; 2; 3; 4]));
  let pr n = print_int n; print_newline () in
  pr (check 0 5); pr (check 1 21);
  pr (check 2 (length [1; 2; 3]));
  (try ignore (check 1 (- 3)) with Bad n -> pr n);
  (try ignore (check 9 1) with Bad n -> pr n);
  (try ignore (check (length []) 4); print_endline "ok" with Bad _ -> print_endline "no");
  pr (apply_shape None 3); pr (apply_shape (Some (2, 1)) 10);
  pr (apply_shape (if length [1] = 1 then Some (0, 5) else None) 9)
