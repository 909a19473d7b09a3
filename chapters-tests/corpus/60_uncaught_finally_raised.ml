(* a Fun.protect whose finally raises while the body raises: the result is Fun.Finally_raised, uncaught; OCaml's registered printer gives 'Fatal error: exception Fun.Finally_raised: Failure("in finally")', exit 2 *)
let cleanup_count = ref 0

let risky n =
  Fun.protect
    ~finally:(fun () -> incr cleanup_count; if n > 2 then failwith "in finally")
    (fun () -> if n mod 2 = 1 then raise Not_found else n * 10)

let () =
  for i = 0 to 5 do
    let r = try risky i with Not_found -> -1 in
    print_int i; print_string " -> "; print_int r; print_string " cleanups="; print_int !cleanup_count; print_newline ()
  done;
  print_endline "unreachable"
