(* error: contains type variables that cannot be generalized *)
let r = ref []
let () = print_endline "unused"
