(* error: This argument cannot be applied with label ~default *)
let l = List.map ~default:succ [1; 2]
