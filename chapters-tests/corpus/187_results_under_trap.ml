(* Calls that return several results, under an exception handler: the
   results come back in registers to the body of the [try], and a raise
   from the worker reaches the handler. *)

let[@inline never] divmod a b = (a / b, a mod b)

let[@inline never] rotate x y = (x +. (0.5 *. y), y -. (0.5 *. x))

let[@inline never] pair_or_raise n = if n mod 5 = 0 then raise Not_found else (n, string_of_int n)

let () =
  let s = ref 0 and errors = ref 0 in
  for i = 1 to 1000 do
    try
      let q, r = divmod i (i land 7) in
      s := !s + q + r
    with Division_by_zero -> incr errors
  done;
  Printf.printf "divmod: %d %d\n" !s !errors;
  let x = ref 1.0 and y = ref 0.0 in
  for i = 1 to 100 do
    try
      if i = 50 then failwith "half";
      let a, b = rotate !x !y in
      x := a;
      y := b
    with Failure m -> print_endline m
  done;
  Printf.printf "rotate: %.6f %.6f\n" !x !y;
  let names = Buffer.create 16 in
  for i = 1 to 12 do
    match pair_or_raise i with
    | n, str -> Buffer.add_string names (str ^ ":" ^ string_of_int (n * 2) ^ " ")
    | exception Not_found -> Buffer.add_string names "- "
  done;
  print_endline (Buffer.contents names)
