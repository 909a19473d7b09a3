(* error: Unbound value Format.printf *)
module Format = struct let x = 1 end
let () = Format.printf "x"
