(* error: Unbound module Lst *)
let n = Lst.length [1; 2]
