(* stage: typed *)
(* OCaml generalises the covariant variables of an expansive definition: l is polymorphic, r is not (but is resolved later). *)
let l = List.rev []
let pair = (List.map (fun x -> x) [], ref 0)
let r = ref []
let () = r := [1.5]
let make () = ref []
