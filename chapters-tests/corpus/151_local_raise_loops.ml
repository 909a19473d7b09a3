(* Local raises in loops: leaving a loop early, a try inside a loop, a
   raise caught in the same iteration, bounds checks caught locally. *)
exception Found of int
exception Skip
exception Stop of int * string

let find_index a v =
  try
    for i = 0 to Array.length a - 1 do
      if a.(i) = v then raise (Found i)
    done;
    -1
  with Found i -> i

let find_generic a v =
  try
    Array.iteri (fun i x -> if x = v then raise (Found i)) a;
    -1
  with Found i -> i

let sum_odd n =
  let s = ref 0 in
  for i = 1 to n do
    try
      if i land 1 = 0 then raise Skip;
      s := !s + i
    with Skip -> s := !s - 1
  done;
  !s

let while_stop limit =
  let i = ref 0 in
  try
    while true do
      incr i;
      if !i * !i > limit then raise (Stop (!i, "square"))
    done;
    (0, "never")
  with Stop (n, why) -> (n, why)

let safe_get a i = try a.(i) with Invalid_argument _ -> -1

let safe_div a b = try a / b with Division_by_zero -> max_int

let nested_loops m target =
  try
    for i = 0 to Array.length m - 1 do
      for j = 0 to Array.length m.(i) - 1 do
        if m.(i).(j) = target then raise (Stop (i * 10 + j, "cell"))
      done
    done;
    None
  with Stop (k, _) -> Some k

let () =
  let a = Array.init 100 (fun i -> (i * 37) mod 101) in
  Printf.printf "%d %d %d\n" (find_index a 74) (find_index a 1000) (find_index [||] 0);
  Printf.printf "%d %d\n" (find_generic [| "a"; "b"; "c" |] "c") (find_generic [| 1.5 |] 2.5);
  Printf.printf "%d\n" (sum_odd 1001);
  let n, why = while_stop 1000 in
  Printf.printf "%d %s\n" n why;
  Printf.printf "%d %d %d\n" (safe_get a 5) (safe_get a 100) (safe_get a (-1));
  Printf.printf "%d %d\n" (safe_div 7 2) (if safe_div 7 0 = max_int then 1 else 0);
  let m = Array.init 5 (fun i -> Array.init 4 (fun j -> i * j)) in
  (match nested_loops m 6 with Some k -> Printf.printf "found %d\n" k | None -> print_endline "none");
  (match nested_loops m 7 with Some k -> Printf.printf "found %d\n" k | None -> print_endline "none");
  let total = ref 0 in
  for round = 1 to 2000 do
    total := !total + find_index a (round mod 120)
  done;
  Printf.printf "total %d\n" !total
