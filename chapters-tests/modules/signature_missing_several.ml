module type S = sig
  type t
  val x : t
  val y : int
  exception E
  module N : sig end
end
module M : S = struct type t = int let x = 1 end
