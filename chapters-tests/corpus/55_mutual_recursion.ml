(* mutual recursion: three-way top-level and local let rec ... and, deep non-tail mutual recursion, mutually recursive closures passed as values, mutual recursion over a mutually recursive type *)
type expr = Num of int | Add of expr * expr | Mul of expr * expr | Neg of expr | Let of string * expr * expr | Var of string

let rec eval env e = match e with
  | Num n -> n
  | Add (a, b) -> eval env a + eval env b
  | Mul (a, b) -> eval_mul env a b
  | Neg a -> - (eval env a)
  | Let (x, a, b) -> eval ((x, eval env a) :: env) b
  | Var x -> lookup env x
and eval_mul env a b = let va = eval env a in if va = 0 then 0 else va * eval env b
and lookup env x = match env with
  | [] -> failwith ("unbound " ^ x)
  | (y, v) :: rest -> if x = y then v else lookup rest x

let rec is_even n = if n = 0 then true else is_odd (n - 1)
and is_odd n = if n = 0 then false else is_even (n - 1)

let rec a n = if n <= 0 then 0 else 1 + b (n - 1)
and b n = if n <= 0 then 0 else 2 + c (n - 1)
and c n = if n <= 0 then 0 else 3 + a (n - 1)

let rec to_string e = match e with
  | Num n -> string_of_int n
  | Add (x, y) -> "(" ^ to_string x ^ " + " ^ to_string y ^ ")"
  | Mul (x, y) -> to_string x ^ " * " ^ to_string y
  | Neg x -> "-" ^ to_string x
  | Let (v, x, y) -> "let " ^ v ^ " = " ^ to_string x ^ " in " ^ to_string y
  | Var v -> v

let () =
  let e = Let ("x", Add (Num 3, Num 4), Mul (Var "x", Neg (Add (Var "x", Num 1)))) in
  print_endline (to_string e); print_int (eval [] e); print_newline ();
  (try ignore (eval [] (Add (Num 1, Var "y"))) with Failure m -> print_endline m);
  print_int (eval [] (Mul (Num 0, Var "unused"))); print_newline ();
  print_string (if is_even 100001 then "even" else "odd"); print_char ' ';
  print_string (if is_odd 7 then "odd" else "even"); print_newline ();
  print_int (a 10); print_char ' '; print_int (b 10); print_char ' '; print_int (c 10); print_char ' '; print_int (a 90000); print_newline ();
  let offset = 1000 in
  let rec f n = if n = 0 then offset else g (n - 1) + 1
  and g n = if n = 0 then -offset else h (n - 1) * 1
  and h n = if n = 0 then offset * 2 else f (n - 1) - 1 in
  print_int (f 10); print_char ' '; print_int (g 10); print_char ' '; print_int (h 10); print_char ' '; print_int (f 60000); print_newline ();
  let fs = [f; g; h] in
  List.iter (fun fn -> print_int (fn 3); print_char ' ') fs; print_newline ();
  let rec collatz_even n steps = if n = 1 then steps else if n mod 2 = 0 then collatz_even (n / 2) (steps + 1) else collatz_odd n steps
  and collatz_odd n steps = if n = 1 then steps else collatz_even (3 * n + 1) (steps + 1) in
  print_int (collatz_even 97 0); print_newline ();
  let rec build n = if n = 0 then Num 1 else if n mod 2 = 0 then Add (build (n - 1), Num n) else Mul (Num 1, build (n - 1)) in
  print_int (eval [] (build 20000)); print_newline ()
