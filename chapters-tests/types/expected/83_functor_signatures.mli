module type EQ = sig type t val equal : t -> t -> bool end
module type ORD =
  sig type t val equal : t -> t -> bool val less : t -> t -> bool end
module Lib :
  sig
    module MakeMax :
      functor (O : ORD) ->
        sig
          type elt = O.t
          val max : elt -> elt -> elt
          module Same : sig val same : elt -> elt -> bool end
        end
  end
module IntOrd :
  sig
    type t = int
    val equal : int -> int -> bool
    val less : int -> int -> bool
  end
module M :
  sig
    type elt = IntOrd.t
    val max : elt -> elt -> elt
    module Same : sig val same : elt -> elt -> bool end
  end
module MM = Lib.MakeMax
module S :
  sig
    type elt = string
    val max : elt -> elt -> elt
    module Same : sig val same : elt -> elt -> bool end
  end
module type BOX = sig type t val get : t -> int val make : int -> t end
module Boxed :
  functor (X : sig val scale : int end) ->
    sig type t = int val get : t -> int val make : int -> t end
module B : sig type t = int val get : t -> int val make : int -> t end
module Extend :
  functor (X : EQ) ->
    sig
      type t = X.t
      val equal : t -> t -> bool
      val differ : t -> t -> bool
    end
module E :
  sig
    type t = IntOrd.t
    val equal : t -> t -> bool
    val differ : t -> t -> bool
  end
module Counter :
  sig
    val count : int ref
    module Tick :
      functor (X : sig val step : int end) -> sig val now : unit -> int end
  end
module T1 : sig val now : unit -> int end
module T2 : sig val now : unit -> int end
type t = string
val equal : t -> t -> bool
val differ : t -> t -> bool
