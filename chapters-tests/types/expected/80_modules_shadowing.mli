type t = A | B
module M : sig type t = C | D val f : t -> string end
val g : t -> string
val h : M.t -> int
module R : sig type r = { a : int; mutable b : int; } end
val r : R.r
module X : sig val v : int ref end
module Y : sig val v : int ref end
module Ops : sig val ( +! ) : int -> int -> int end
module E : sig exception Boom of int end
module Int_set :
  sig type t = int list val empty : t val add : int -> t -> t end
val s : Int_set.t
