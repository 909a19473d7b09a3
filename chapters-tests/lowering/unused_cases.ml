(* stage: lambda *)
(* A case no value can reach, and a handler that can never be selected. *)
let f = function Some _ -> 1 | None -> 2 | Some 3 -> 3
let g h = try h () with Not_found -> 0 | Not_found -> 1
