module M = struct let x = 1 end
let l = M.[x]
