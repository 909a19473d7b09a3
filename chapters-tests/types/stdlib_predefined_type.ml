(* error: Unbound type constructor Stdlib.int *)
(* int is predefined, not a type of the module Stdlib *)
let x : Stdlib.int = 1
