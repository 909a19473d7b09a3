(* stage: interp-cps *)
(* Mutually recursive functions sharing one set of closures, capturing the
   variables of the function that defines them. *)
let collatz_like limit start =
  let steps = ref 0 in
  let rec even n = incr steps; if n <= limit then n else odd (n / 2)
  and odd n = incr steps; if n <= limit then n else even (3 * n + 1) in
  let r = if start mod 2 = 0 then even start else odd start in
  (r, !steps)
let () =
  List.iter
    (fun s -> let (r, k) = collatz_like 4 s in
      print_int r; print_char '/'; print_int k; print_char ' ')
    [6; 7; 27];
  print_newline ()
