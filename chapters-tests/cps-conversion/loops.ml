(* stage: interp-cps *)
let () =
  for i = 1 to 3 do print_int i done;
  for i = 3 downto 1 do print_int i done;
  for i = 5 to 1 do print_int i done;
  print_newline ();
  (* the last iteration is tested before stepping: no overflow at max_int *)
  for i = max_int - 2 to max_int do print_int (i - max_int) done;
  print_newline ();
  let n = ref 0 and s = ref 0 in
  while !n < 10 do s := !s + !n; incr n done;
  print_int !s; print_newline ();
  let count = ref 0 in
  for i = 1 to 3 do
    for j = i to 3 do
      if (i + j) mod 2 = 0 then incr count
    done
  done;
  print_int !count; print_newline ()
