(* error: `Printexc.record_backtrace` is part of OCaml's standard library but not provided by Flambeau *)
let () = Printexc.record_backtrace true
