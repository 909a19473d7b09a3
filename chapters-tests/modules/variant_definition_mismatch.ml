module M : sig type t = A of string end = struct type t = A of int end
