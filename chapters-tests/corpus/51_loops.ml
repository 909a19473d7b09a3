(* loops: for downto, bounds evaluated once and in order, bounds near max_int/min_int, empty ranges, while with refs, loop variable captured by closures, early exit with exceptions, nested loops *)
let trace name v = print_string name; print_char ' '; v

let () =
  for i = 10 downto 1 do print_int i; print_char ' ' done; print_newline ();
  for i = 1 downto 10 do print_string "never" done;
  for i = 5 to 4 do print_string "never" done;
  for i = 3 downto 3 do print_int i done; print_newline ();
  for i = trace "lo" 1 to trace "hi" 3 do print_int i; print_char ' ' done; print_newline ();
  for i = trace "hi" 3 downto trace "lo" 1 do print_int i; print_char ' ' done; print_newline ();
  let n = ref 3 in
  for i = 0 to !n do n := !n + 10; print_int i done; print_char ' '; print_int !n; print_newline ();
  for i = max_int - 2 to max_int do print_int (i - max_int); print_char ' ' done; print_newline ();
  for i = min_int + 2 downto min_int do print_int (i - min_int); print_char ' ' done; print_newline ();
  let closures = ref [] in
  for i = 1 to 5 do closures := (fun () -> i * i) :: !closures done;
  List.iter (fun f -> print_int (f ()); print_char ' ') !closures; print_newline ();
  let i = ref 0 and acc = ref 0 in
  while !i < 10 do incr i; if !i mod 2 = 0 then acc := !acc + !i done;
  print_int !acc; print_newline ();
  let x = ref 27 and steps = ref 0 in
  while !x <> 1 do
    x := (if !x mod 2 = 0 then !x / 2 else 3 * !x + 1); incr steps
  done;
  print_int !steps; print_newline ();
  let found = ref (-1) in
  (try
     for a = 1 to 100 do
       for b = a to 100 do
         if a * a + b * b = 25 * 25 && a > 7 then begin found := a * 1000 + b; raise Exit end
       done
     done
   with Exit -> ());
  print_int !found; print_newline ();
  let count = ref 0 in
  while (incr count; !count < 5) do print_int !count done; print_newline ();
  let tri = ref [] in
  for r = 4 downto 0 do
    let row = ref "" in
    for c = 0 to r do row := !row ^ (if (r + c) mod 2 = 0 then "#" else ".") done;
    tri := !row :: !tri
  done;
  List.iter print_endline !tri;
  let fsum = ref 0.0 in
  for k = 1 to 1000 do fsum := !fsum +. 1.0 /. float (k * k) done;
  print_float !fsum; print_newline ();
  let big = ref 0 in
  for k = 1 to 3_000_000 do big := !big + (k land 7) done;
  print_int !big; print_newline ();
  let w = ref 0 in
  while false do incr w done;
  for k = 0 to -1 do incr w done;
  print_int !w; print_newline ()
