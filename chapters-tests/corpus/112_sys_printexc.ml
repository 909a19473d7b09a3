(* Sys's constants, Sys.argv's length, and Printexc's texts. A program that
   uses Printexc reports an uncaught exception with Printexc's printer. *)
exception Plain
exception With_args of int * string * float
exception Nested of exn

let () =
  Printf.printf "%d %d %b %s %b %b %b %s\n" Sys.word_size Sys.int_size Sys.big_endian Sys.os_type
    Sys.unix Sys.win32 Sys.cygwin Sys.ocaml_version;
  Printf.printf "%d %d %d\n" Sys.max_string_length Sys.max_array_length Sys.max_floatarray_length;
  Printf.printf "argv: %d\n" (Array.length Sys.argv);
  let t0 = Sys.time () in
  let rec spin n acc = if n = 0 then acc else spin (n - 1) (acc + n) in
  ignore (spin 1000 0);
  Printf.printf "time goes forward: %b\n" (Sys.time () >= t0);
  List.iter
    (fun e -> print_endline (Printexc.to_string e))
    [ Plain; With_args (-3, "tab\there", 2.5); Nested (Failure "inner"); Not_found; Exit;
      Failure "a \"b\""; Invalid_argument "x"; Division_by_zero; End_of_file; Stack_overflow;
      Out_of_memory; Match_failure ("file.ml", 3, 7); Assert_failure ("a.ml", 10, 2);
      Sys_error "oops" ];
  (try (match 1 + 1 with 3 -> () | _ -> assert false) with e -> print_endline (Printexc.to_string e));
  (try Printexc.print (fun x -> if x > 0 then raise (With_args (x, "p", 0.5))) 7
   with With_args (n, _, _) -> Printf.printf "caught %d\n" n);
  print_endline (Printexc.to_string (Printexc.print (fun x -> Failure x) "no raise"));
  raise (Nested (With_args (1, "last", 1e10)))
