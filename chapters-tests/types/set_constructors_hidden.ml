(* error: Unbound constructor S.Node *)
module S = Set.Make (String)
let is_node = function S.Node _ -> true | _ -> false
