(* stage: lambda *)
(* error: a C function the runtime does not provide *)
external foo : int -> int = "caml_foo"
let () = print_int (foo 1)
