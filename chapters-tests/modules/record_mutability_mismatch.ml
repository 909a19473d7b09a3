module M : sig type t = { x : int; y : int } end = struct type t = { x : int; mutable y : int } end
