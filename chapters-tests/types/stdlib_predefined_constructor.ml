(* error: Unbound constructor Stdlib.Some *)
(* Some is the predefined type option's, not the module Stdlib's *)
let x = Stdlib.Some 1
