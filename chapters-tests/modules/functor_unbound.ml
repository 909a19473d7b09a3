module N = struct let x = 1 end
module M = G (N)
