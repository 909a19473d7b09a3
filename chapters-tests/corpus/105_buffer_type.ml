(* Buffer.t written in annotations, as the interface names it. *)
let add_line (b : Buffer.t) s = Buffer.add_string b s; Buffer.add_char b '\n'
let make () : Buffer.t = Buffer.create 10
let () = let b = make () in add_line b "x"; Printf.bprintf b "%d" 3; print_string (Buffer.contents b)
