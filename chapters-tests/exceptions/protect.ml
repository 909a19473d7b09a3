(* stage: interp-cps *)
(* Fun.protect: the cleanup runs on both exits; the exception goes on. *)
let log s = print_string s; print_char ' '
let () =
  let r = Fun.protect ~finally:(fun () -> log "cleanup1") (fun () -> 42) in
  print_int r; print_newline ();
  (try
     ignore (Fun.protect ~finally:(fun () -> log "cleanup2")
               (fun () -> raise Not_found))
   with Not_found -> log "caught");
  print_newline ();
  let nested () =
    Fun.protect ~finally:(fun () -> log "outer")
      (fun () -> Fun.protect ~finally:(fun () -> log "inner")
          (fun () -> failwith "deep"))
  in
  (try nested () with Failure m -> log m);
  print_newline ();
  Fun.protect ~finally:(fun () -> raise Exit) (fun () -> log "body")
