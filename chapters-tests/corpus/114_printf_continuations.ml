(* kfprintf, kbprintf, kprintf, ifprintf, ibprintf: the continuation runs
   after the text is out; the i-functions evaluate their arguments and
   print nothing. *)
let count = ref 0
let next () = incr count; !count

let () =
  Printf.kfprintf (fun oc -> output_string oc "[k]\n") stdout "kf %d %s\n" 1 "one";
  let n = Printf.kfprintf (fun _ -> 42) stderr "to stderr %c\n" 'x' in
  Printf.printf "k returned %d\n" n;
  let b = Buffer.create 16 in
  let len = Printf.kbprintf Buffer.length b "%d-%d" 10 20 in
  Printf.printf "kbprintf: %S (%d)\n" (Buffer.contents b) len;
  print_endline (Printf.kprintf (fun s -> "<" ^ s ^ ">") "kprintf %x" 255);
  Printf.ifprintf stdout "never %d %s\n" (next ()) "shown";
  Printf.ifprintf () "never %a\n" (fun () () -> print_endline "printer called") ();
  Printf.ibprintf b "never %d" (next ());
  Printf.printf "count %d, buffer %S\n" !count (Buffer.contents b);
  let partial = Printf.kfprintf (fun oc -> flush oc; "done") stdout "partial %d %d\n" 1 in
  print_endline (partial 2);
  let ignore_two = Printf.ifprintf stdout "%d %d" in
  ignore_two 1 2;
  print_endline "end"
