module M = struct type t = A end
let (v : M.t) = 1
