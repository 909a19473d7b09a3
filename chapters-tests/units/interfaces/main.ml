let c = Counter.make 2
let () =
  Counter.incr c;
  Counter.incr c;
  print_endline (Counter.Show.show c);
  print_endline (Counter.name Counter.Red);
  (try Counter.incr c with Counter.Overflow n -> Printf.printf "overflow at %d\n" n);
  Printf.printf "%d\n" (Counter.get c)
