(* Try bodies that call nothing: every raise is local, so the handler is an
   ordinary join; the match on the exception folds at each raise. *)
exception Found of int
exception Pair of int * int
exception Skip
exception Other of string

let classify x =
  try
    if x land 1 = 0 then raise Skip;
    if x mod 3 = 0 then raise (Found (x / 3));
    if x mod 5 = 0 then raise (Pair (x, x / 5));
    x
  with
  | Skip -> 0
  | Found q -> q
  | Pair (a, b) -> a - b

let first_negative (a : int array) =
  try
    for i = 0 to Array.length a - 1 do
      if a.(i) < 0 then raise (Found i)
    done;
    -1
  with Found i -> i | Invalid_argument _ -> -100

let guarded x =
  try
    if x > 10 then raise (Found x) else raise (Other "small")
  with
  | Found n when n > 20 -> n * 2
  | Found n -> n
  | Other s -> String.length s

let nested x =
  try
    let y = try if x < 0 then raise Skip else x * 2 with Skip -> raise (Found x) in
    if y > 100 then raise (Pair (y, 0));
    y
  with Found n -> n - 1000 | Pair (a, _) -> a + 1

let counted = ref 0

let in_loop n =
  for i = 1 to n do
    try
      if i mod 4 = 0 then raise (Found i);
      counted := !counted + 1
    with Found k -> counted := !counted + k
  done;
  !counted

let escapes x =
  try if x > 0 then raise (Other "up") else 0 with Found n -> n

let () =
  let s = ref 0 in
  for x = 1 to 1000 do s := !s + classify x done;
  Printf.printf "classify %d\n" !s;
  Printf.printf "first_negative %d %d\n" (first_negative [| 3; 4; -1; 5 |]) (first_negative [| 1 |]);
  Printf.printf "guarded %d %d %d\n" (guarded 30) (guarded 15) (guarded 2);
  Printf.printf "nested %d %d %d\n" (nested (-5)) (nested 10) (nested 60);
  Printf.printf "in_loop %d\n" (in_loop 100);
  Printf.printf "escapes %d\n" (escapes 0);
  match escapes 1 with
  | v -> Printf.printf "no %d\n" v
  | exception Other s -> Printf.printf "escaped %s\n" s
