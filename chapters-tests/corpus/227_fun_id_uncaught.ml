(* Fun.id is an external in OCaml: using it does not link Fun, whose
   initialisation would register Printexc's printer, so the uncaught
   exception is reported by the runtime, without escaping its string. *)
exception E of string * int

let () =
  let f = Fun.id in
  print_endline (f "before");
  raise (E ("quote \" and newline\n", Fun.id 3))
