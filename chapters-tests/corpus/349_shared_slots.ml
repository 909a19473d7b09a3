(* Loops whose variables and parameters the CPS interpreter may give one
   slot (chapter "Sharing slots"): swaps, arguments read after the loop,
   values live across a loop, a parameter passed twice, a loop whose
   result feeds another, and an exception handler's parameter. *)

let rec swap a b n = if n = 0 then (a, b) else swap b a (n - 1)

let fib n =
  let rec go a b i = if i = n then a else go b (a + b) (i + 1) in
  go 0 1 0

let twice n =
  (* the same argument passed to two parameters *)
  let rec go x y i = if i = 0 then x - y else go (x + i) (x + i) (i - 1) in
  go n n n

let live_across n =
  let before = n * 3 in
  let acc = ref 0 in
  for i = 1 to n do acc := !acc + i + before done;
  (* [before] and [n] are read after the loop *)
  !acc + before + n

let nested n =
  let total = ref 0 in
  for i = 0 to n do
    let row = ref i in
    for j = 0 to i do row := !row * 31 + j land 1023 done;
    total := !total lxor !row
  done;
  !total

let rotate3 n =
  let rec go a b c k = if k = 0 then a * 100 + b * 10 + c else go b c a (k - 1) in
  go 1 2 3 n

let float_loop n =
  let x = ref 1.0 and y = ref 0.0 in
  for _ = 1 to n do
    let t = !x in
    x := !x *. 0.5 +. !y;
    y := t
  done;
  !x +. !y

let find_first p a =
  let rec go i = if i >= Array.length a then raise Not_found else if p a.(i) then i else go (i + 1) in
  try go 0 with Not_found -> -1

let int64_loop n =
  let h = ref 7L and v = ref (Int64.of_int n) in
  for _ = 1 to 5 do
    h := Int64.add (Int64.mul !h 31L) !v;
    v := Int64.shift_right !v 1
  done;
  (!h, !v)

let () =
  let a, b = swap 1 2 7 in
  Printf.printf "swap %d %d\n" a b;
  let a, b = swap "x" "y" 4 in
  Printf.printf "swap %s %s\n" a b;
  Printf.printf "fib %d\n" (fib 40);
  Printf.printf "twice %d\n" (twice 10);
  Printf.printf "live_across %d\n" (live_across 100);
  Printf.printf "nested %d\n" (nested 60);
  Printf.printf "rotate3 %d %d %d\n" (rotate3 0) (rotate3 1) (rotate3 5);
  Printf.printf "float_loop %.6f\n" (float_loop 20);
  Printf.printf "find_first %d %d\n"
    (find_first (fun x -> x > 10) [| 1; 5; 12; 30 |])
    (find_first (fun x -> x > 100) [| 1; 5 |]);
  let h, v = int64_loop 1000 in
  Printf.printf "int64_loop %Ld %Ld\n" h v
