module F (X : sig type t end = struct end
