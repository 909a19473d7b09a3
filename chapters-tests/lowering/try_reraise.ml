(* stage: lambda *)
(* An exception no handler matches is raised again. *)
let f g = try g () with Not_found -> 0 | Failure s -> String.length s
let h g = try g () with Exit | Not_found -> 1
