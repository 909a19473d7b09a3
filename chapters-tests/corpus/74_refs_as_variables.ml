(* References that do not escape become mutable variables, then
   continuation parameters: loops, joins, static exits, exceptions. *)

let collatz n =
  let x = ref n and steps = ref 0 in
  while !x <> 1 do
    if !x mod 2 = 0 then x := !x / 2 else x := 3 * !x + 1;
    incr steps
  done;
  !steps

let sum_squares n =
  let s = ref 0.0 in
  for i = 1 to n do
    let x = float i in
    s := !s +. x *. x
  done;
  !s

let classify l =
  let small = ref 0 and big = ref 0 and other = ref 0 in
  List.iter (fun x -> if x < 10 then incr small else if x < 100 then incr big else incr other) l;
  let score = ref 0 in
  for i = 1 to 3 do
    (match i with
     | 1 -> score := !score + !small
     | 2 -> score := !score * 10 + !big
     | _ -> score := !score * 10 + !other)
  done;
  !score

let find_first p a =
  let found = ref (-1) in
  (try
     for i = 0 to Array.length a - 1 do
       if p a.(i) then (found := i; raise Exit)
     done
   with Exit -> ());
  !found

let retries f =
  let attempts = ref 0 and failures = ref 0 in
  while !attempts < 5 do
    incr attempts;
    (try f !attempts with Failure _ -> incr failures)
  done;
  (!attempts, !failures)

let word_kind w =
  let k = ref 0 in
  (match w with
   | "if" | "then" -> k := 1
   | "let" -> k := 2
   | _ -> decr k);
  !k

let nested n =
  let total = ref 0 in
  for i = 1 to n do
    let j = ref i in
    while !j > 0 do
      total := !total + !j;
      j := !j - 2
    done;
    for k = n downto i do
      if k mod 3 = 0 then total := !total + 1
    done
  done;
  !total

let fib n =
  let a = ref 0 and b = ref 1 in
  for _ = 1 to n do
    let t = !a + !b in
    a := !b;
    b := t
  done;
  !a

let counter () =
  let c = ref 0 in
  fun () -> incr c; !c

let () =
  print_int (collatz 27); print_newline ();
  print_float (sum_squares 100); print_newline ();
  print_int (classify [1; 5; 50; 500; 7; 99]); print_newline ();
  print_int (find_first (fun x -> x > 3) [| 1; 2; 5; 7 |]); print_newline ();
  print_int (find_first (fun x -> x > 30) [| 1; 2; 5; 7 |]); print_newline ();
  let a, f = retries (fun i -> if i mod 2 = 1 then failwith "odd") in
  print_int a; print_string " "; print_int f; print_newline ();
  List.iter (fun w -> print_int (word_kind w); print_string " ") ["if"; "let"; "x"; "then"];
  print_newline ();
  print_int (nested 10); print_newline ();
  print_int (fib 40); print_newline ();
  let c = counter () in
  ignore (c ()); ignore (c ());
  print_int (c ()); print_newline ()
