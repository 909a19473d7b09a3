(* an uncaught user exception with a tuple payload (string, int, float) escaping through Fun.protect and handlers that do not match: finally runs, stdout flushed, stderr has the module-qualified exception, exit 2 *)
exception Parse_error of string * int * float
exception Other

let parse s =
  if String.length s > 3 then raise (Parse_error (s, String.length s, 1.5)) else String.length s

let () =
  print_endline "begin";
  List.iter (fun s ->
      let n =
        try
          Fun.protect ~finally:(fun () -> print_string "[finally] ")
            (fun () -> parse s)
        with Other -> -1 | Not_found -> -2 in
      print_int n; print_newline ())
    ["a"; "abc"; "a \"quoted\" line"; "never"];
  print_endline "unreachable"
