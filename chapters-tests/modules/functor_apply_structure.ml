module N = struct let x = 1 end
module M = N (N)
