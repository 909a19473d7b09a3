(* functions with many parameters (8, 12, 16, mixed int/float/string): full, partial and over-application, known and unknown, tail calls with many arguments, recursion passing many values, closures capturing them *)
let f8 a b c d e f g h = a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h
let f12 a b c d e f g h i j k l = a - b + c - d + e - f + g - h + i - j + k - l + (a * l)
let f16 a b c d e f g h i j k l m n o p =
  a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k * 11 + l * 12 + m * 13 + n * 14 + o * 15 + p * 16
let mixed (a : float) (b : int) (c : string) (d : float) (e : int) (f : float) (g : string) (h : float) (i : int) (j : float) =
  string_of_float (a +. d +. f +. h +. j +. float (b + e + i)) ^ c ^ g
let rec loop12 n a b c d e f g h i j k =
  if n = 0 then a + b + c + d + e + f + g + h + i + j + k
  else loop12 (n - 1) b c d e f g h i j k (a + 1)
let rec nontail10 n a b c d e f g h i =
  if n = 0 then [a; b; c; d; e; f; g; h; i]
  else let r = nontail10 (n - 1) i a b c d e f g h in List.map (fun x -> x + 1) r
let rec ftail n (x1 : float) x2 x3 x4 x5 x6 x7 x8 x9 =
  if n = 0 then x1 +. x2 +. x3 +. x4 +. x5 +. x6 +. x7 +. x8 +. x9
  else ftail (n - 1) x9 x1 x2 x3 x4 x5 x6 x7 (x8 +. 0.5)
let returns_fn a b c d e f = fun g h i j -> a + b + c + d + e + f + g + h + i + j

let () =
  print_int (f8 1 2 3 4 5 6 7 8); print_char ' ';
  let p = f8 1 2 3 in let q = p 4 5 in print_int (q 6 7 8); print_char ' ';
  let u = ref f8 in print_int (!u 8 7 6 5 4 3 2 1); print_char ' '; print_int ((!u 1 1 1 1) 1 1 1 1); print_newline ();
  print_int (f12 1 2 3 4 5 6 7 8 9 10 11 12); print_char ' ';
  let parts = List.map (fun k -> f12 k k k k k) [1; 2; 3] in
  List.iter (fun fn -> print_int (fn 1 2 3 4 5 6 7); print_char ' ') parts; print_newline ();
  print_int (f16 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16); print_char ' ';
  let p16 = f16 1 1 1 1 1 1 1 1 in print_int (p16 2 2 2 2 2 2 2 2); print_char ' ';
  let apply_all fn = fn 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 in print_int (apply_all f16); print_newline ();
  print_endline (mixed 1.5 2 "c" 3.5 4 5.5 "g" 6.5 7 8.5);
  let pm = mixed 0.25 1 "x" in print_endline (pm 0.25 1 0.25 "y" 0.25 1 0.25);
  print_int (loop12 1000001 1 2 3 4 5 6 7 8 9 10 11); print_newline ();
  List.iter (fun x -> print_int x; print_char ' ') (nontail10 1000 1 2 3 4 5 6 7 8 9); print_newline ();
  print_float (ftail 100000 1.0 2.0 3.0 4.0 5.0 6.0 7.0 8.0 9.0); print_newline ();
  print_int (returns_fn 1 2 3 4 5 6 7 8 9 10); print_char ' ';
  let h = returns_fn 1 1 1 1 1 1 1 in print_int (h 1 1 1); print_char ' ';
  let fs = Array.init 4 (fun i -> f8 i i i i) in print_int (Array.fold_left (fun acc fn -> acc + fn 1 1 1 1) 0 fs); print_newline ();
  let cap a b c d e f g h i j = fun () -> [a; b; c; d; e; f; g; h; i; j] in
  let c = cap 10 9 8 7 6 5 4 3 2 1 in
  let junk = ref [] in for i = 1 to 10000 do junk := [i] :: !junk done;
  List.iter (fun x -> print_int x; print_char ' ') (c ()); print_int (List.length !junk); print_newline ()
