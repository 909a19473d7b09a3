module type S = sig type t val x : t end
module M : S = struct let x = 1 end
