(* pattern matching: nested constructors and tuples, or-patterns binding variables, aliases, string/float/char/int64 constants, guards with side effects and fall-through, list patterns of fixed length, record patterns, Match_failure from function and let *)
type tok = Int of int | Op of char | Ident of string | Paren of tok list
type pt = { px : int; py : int }

let guard_calls = ref 0
let g b = incr guard_calls; b

let classify t = match t with
  | Int 0 | Ident "zero" -> "zero"
  | Int n when g (n < 0) -> "negative"
  | Int n when g (n > 1000) -> "large"
  | Int _ -> "int"
  | Op ('+' | '-' as c) -> "additive " ^ String.make 1 c
  | Op c -> "op " ^ String.make 1 c
  | Ident ("let" | "in" | "fun") -> "keyword"
  | Ident s when String.length s > 5 -> "long ident"
  | Ident _ -> "ident"
  | Paren [] -> "empty parens"
  | Paren [Int a; Op o; Int b] -> "binary " ^ string_of_int a ^ String.make 1 o ^ string_of_int b
  | Paren (Paren inner :: _ as all) -> "nested " ^ string_of_int (List.length inner) ^ "/" ^ string_of_int (List.length all)
  | Paren (_ :: _ :: _) -> "many"
  | Paren [_] -> "single"

let pair_kind p = match p with
  | (0, 0) -> "origin"
  | (0, _) | (_, 0) -> "axis"
  | (x, y) when x = y -> "diagonal"
  | (x, y) when x = - y -> "anti"
  | _ -> "plain"

let strings s = match s with "" -> 0 | "a" -> 1 | "ab" -> 2 | "abcdefghij" -> 10 | "abcdefghijk" -> 11 | _ -> -1
let floats f = match f with 0.0 -> "zero" | 1.5 -> "one and a half" | -1.0 -> "minus one" | _ -> "other"
let int64s x = match x with 0L -> "z" | 100000000000L -> "big" | -1L -> "m" | _ -> "o"

let rec compress l = match l with
  | a :: (b :: _ as rest) when a = b -> compress rest
  | a :: rest -> a :: compress rest
  | [] -> []

let quadrant { px; py } = match (compare px 0, compare py 0) with
  | (1, 1) -> 1 | (-1, 1) -> 2 | (-1, -1) -> 3 | (1, -1) -> 4 | _ -> 0

let partial x = match x with Some (Int n) -> n | Some (Op _) -> -1

let () =
  List.iter (fun t -> print_endline (classify t))
    [Int 0; Ident "zero"; Int (-5); Int 5000; Int 7; Op '+'; Op '-'; Op '*'; Ident "in"; Ident "variable"; Ident "x";
     Paren []; Paren [Int 1; Op '/'; Int 2]; Paren [Paren [Int 1; Int 2]; Op '+']; Paren [Int 1; Int 2]; Paren [Op '!']];
  print_int !guard_calls; print_newline ();
  List.iter (fun p -> print_string (pair_kind p); print_char ' ') [(0, 0); (0, 3); (4, 0); (2, 2); (3, -3); (1, 2)]; print_newline ();
  List.iter (fun s -> print_int (strings s); print_char ' ') [""; "a"; "ab"; "abc"; "abcdefghij"; "abcdefghijk"; "abcdefghijkl"]; print_newline ();
  List.iter (fun f -> print_string (floats f); print_char ' ') [0.0; -0.0; 1.5; -1.0; nan]; print_newline ();
  List.iter (fun x -> print_string (int64s x)) [0L; 100000000000L; -1L; 5L]; print_newline ();
  List.iter (fun x -> print_int x; print_char ' ') (compress [1; 1; 2; 3; 3; 3; 1; 4; 4]); print_newline ();
  List.iter (fun p -> print_int (quadrant p)) [{ px = 1; py = 1 }; { px = -1; py = 1 }; { px = -2; py = -9 }; { px = 5; py = -1 }; { px = 0; py = 3 }]; print_newline ();
  (match [1; 2; 3] with [a; b] -> print_int (a + b) | [a; b; c] -> print_int (a * b * c) | _ -> print_string "?"); print_newline ();
  let (q, (r, _), { px; _ }) = (1, ("two", 3.0), { px = 4; py = 5 }) in
  print_int q; print_string r; print_int px; print_newline ();
  let describe = function
    | [] -> "empty" | [_] -> "one" | [x; y] when x > y -> "two desc" | [_; _] -> "two" | _ :: _ :: _ :: _ -> "many" in
  List.iter (fun l -> print_string (describe l ^ " ")) [[]; [1]; [2; 1]; [1; 2]; [1; 2; 3]]; print_newline ();
  (try print_int (partial (Some (Ident "x"))) with Match_failure (f, l, c) -> print_string (f ^ " " ^ string_of_int l ^ " " ^ string_of_int c));
  print_newline ();
  (try let Some v = (None : int option) in print_int v with Match_failure (_, l, c) -> print_int l; print_char ':'; print_int c);
  print_newline ();
  let nested = Some (Some (Some 3)) in
  (match nested with Some (Some (Some n)) when n > 2 -> print_string "deep" | Some (Some _) -> print_string "two" | _ -> print_string "other");
  print_newline ();
  match (true, false) with (true, true) -> print_endline "tt" | (_, false) -> print_endline "x f" | (false, true) -> print_endline "ft"
