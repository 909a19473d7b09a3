module type S = sig type t end
module F (X : S) : S with type u = int = struct type t = int end
