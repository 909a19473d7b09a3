(* error: `Float.Array` is part of OCaml's standard library but not provided by Flambeau *)
let () = let a = Float.Array.make 3 0.0 in ignore a
