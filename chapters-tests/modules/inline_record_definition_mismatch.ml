module M : sig type t = A of { x : string } end = struct type t = A of { x : int } end
