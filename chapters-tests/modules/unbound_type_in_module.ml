module M = struct type t = A end
let f (x : M.u) = x
