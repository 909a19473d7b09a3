(* error: Printf.sprintf must be applied to a literal format string here *)
let show fmt = Printf.sprintf fmt 1
