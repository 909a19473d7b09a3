(* error: Unbound value List.lenght *)
let n = List.lenght [1; 2]
