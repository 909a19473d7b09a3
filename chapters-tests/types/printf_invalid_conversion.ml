(* error: invalid format "%z": at character number 1, invalid conversion "%z" *)
let () = Printf.printf "%z" 1
