(* error: Unbound value IntMap.height *)
module IntMap = Map.Make (Int)
let h = IntMap.height IntMap.empty
