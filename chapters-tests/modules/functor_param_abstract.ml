module type S = sig type t val zero : t end
module F (X : S) = struct let one : int = X.zero end
