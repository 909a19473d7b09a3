module type S = sig type t val compare : t -> t -> int end
module F (X : S) = struct let f a b = X.compare a b end
module N = struct let x = 1 end
module M = F (N)
