(* error: Unbound module Stdlib.Stdlib *)
let x = Stdlib.Stdlib.max_int
