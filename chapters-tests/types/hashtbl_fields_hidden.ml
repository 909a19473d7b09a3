(* error: Unbound record field size *)
module H = Hashtbl.Make (struct type t = int let equal = ( = ) let hash x = x end)
let size (h : int H.t) = h.size
