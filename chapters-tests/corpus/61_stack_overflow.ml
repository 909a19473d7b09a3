(* Stack_overflow raised by unbounded non-tail recursion, caught, several times in a row (the guard is re-armed), with handlers and Fun.protect frames in between; normal deep recursion still works afterwards *)
let rec down n = 1 + down (n + 1)
let rec down_float x = 1.0 +. down_float (x +. 1.0)
let rec build_list n = n :: build_list (n + 1)
let finally_runs = ref 0

let attempt name f =
  print_string (name ^ ": ");
  (try f (); print_string "returned" with
   | Stack_overflow -> print_string "Stack_overflow"
   | e -> print_string "other exception");
  print_newline ()

let () =
  attempt "int" (fun () -> ignore (down 0));
  attempt "float" (fun () -> ignore (down_float 0.0));
  attempt "list" (fun () -> ignore (List.length (build_list 0)));
  attempt "protect" (fun () ->
      Fun.protect ~finally:(fun () -> incr finally_runs) (fun () -> ignore (down 0)));
  print_int !finally_runs; print_newline ();
  attempt "again" (fun () -> ignore (down 0));
  let rec depth n = if n = 0 then 0 else 1 + depth (n - 1) in
  print_int (depth 100000); print_newline ();
  attempt "handler inside" (fun () ->
      let rec f n = if n = 1000 then (try ignore (down 0) with Not_found -> ()) else ignore (1 + f (n + 1)); 0 in
      ignore (f 0))
