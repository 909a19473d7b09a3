(* error: Unbound value prnt_int *)
let () = prnt_int 3
