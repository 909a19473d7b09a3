(* Tuples and records taken apart by the functions they are passed to:
   Unboxing passes their fields as separate parameters at direct calls. *)

let[@inline never] add (a, b) = a + (b * 3)

let rec swap_sum (a, b) n = if n = 0 then a - b else swap_sum (b, a + 1) (n - 1)

let rec same ((a, b) as p) n = if n = 0 then a * b else same p (n - 1)

type point = { px : int; py : float }

let[@inline never] shift { px; py } = float px +. py

type cell = { mutable count : int; step : int }

let[@inline never] peek c = c.count + c.step

let[@inline never] make_adder (a, b) = fun x -> a + b + x

let[@inline never] swap (a, b) = (b, a)

let[@inline never] first_of (a, _) = a

let[@inline never] checked (a, b) = if b = 0 then raise Exit else a / b

type big = { f1 : int; f2 : int; f3 : int; f4 : int; f5 : int; f6 : int; f7 : int; f8 : int; f9 : int }

let[@inline never] sum_big { f1; f2; f3; f4; f5; f6; f7; f8; f9 } =
  f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8 + f9

let () =
  let s = ref 0 in
  for i = 1 to 1000 do
    s := !s + add (i, i + 1)
  done;
  Printf.printf "add: %d\n" !s;
  Printf.printf "swap_sum: %d\n" (swap_sum (3, 4) 11);
  Printf.printf "same: %d\n" (same (6, 7) 5);
  let t = ref 0.0 in
  for i = 1 to 10 do
    t := !t +. shift { px = i; py = 0.25 }
  done;
  Printf.printf "shift: %.2f\n" !t;
  let c = { count = 1; step = 2 } in
  let r1 = peek c in
  c.count <- 10;
  let r2 = peek c in
  Printf.printf "peek: %d %d\n" r1 r2;
  let adder = make_adder (1, 2) in
  Printf.printf "adder: %d\n" (adder 10);
  let x, y = swap (swap ("a", "b")) in
  Printf.printf "swap: %s %s\n" x y;
  let pairs = [ (1, "one"); (2, "two") ] in
  List.iter (fun p -> Printf.printf "first_of: %d\n" (first_of p)) pairs;
  let fs = [| add; first_of |] in
  Printf.printf "unknown: %d %d\n" (fs.(0) (5, 6)) (fs.(1) (7, 8));
  (try Printf.printf "checked: %d\n" (checked (10, 2)) with Exit -> print_endline "exit");
  (try Printf.printf "checked: %d\n" (checked (10, 0)) with Exit -> print_endline "exit");
  Printf.printf "big: %d\n"
    (sum_big { f1 = 1; f2 = 2; f3 = 3; f4 = 4; f5 = 5; f6 = 6; f7 = 7; f8 = 8; f9 = 9 })
