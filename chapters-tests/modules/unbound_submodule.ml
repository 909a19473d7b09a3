module M = struct module N = struct let x = 1 end end
let y = M.P.x
