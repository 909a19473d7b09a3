(* error: Variable s must occur on both sides of this | pattern *)
let f g = match g () with Some s | exception Not_found -> s | None -> ""
