(* error: invalid format "%d %5": at character number 5, unexpected end of format *)
let () = Printf.eprintf "%d %5" 3
