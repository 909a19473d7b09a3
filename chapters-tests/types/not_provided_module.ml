(* error: `Format` is part of OCaml's standard library but not provided by Flambeau *)
let () = Format.printf "%d@." 3
