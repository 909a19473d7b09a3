module type S = sig type t val compare : t -> t -> int end
module F (X : S) = struct let f a b = X.compare a b end
module M = F (struct type t = int let compare a b = string_of_int a end)
