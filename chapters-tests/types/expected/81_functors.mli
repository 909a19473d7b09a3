module type ORDERED =
  sig type t val compare : t -> t -> int val name : string end
module MakeSort :
  functor (O : ORDERED) ->
    sig
      val insert : O.t -> O.t list -> O.t list
      val sort : O.t list -> O.t list
      val count : int ref
      val sorted : O.t list -> O.t list
    end
module Int :
  sig type t = int val compare : int -> int -> int val name : string end
module SortInt :
  sig
    val insert : Int.t -> Int.t list -> Int.t list
    val sort : Int.t list -> Int.t list
    val count : int ref
    val sorted : Int.t list -> Int.t list
  end
module SortRev :
  sig
    val insert : int -> int list -> int list
    val sort : int list -> int list
    val count : int ref
    val sorted : int list -> int list
  end
module SortStr :
  sig
    val insert : string -> string list -> string list
    val sort : string list -> string list
    val count : int ref
    val sorted : string list -> string list
  end
val show : int list -> string
module type SHOW = sig type t val show : t -> string end
module Pair :
  functor (A : SHOW) (B : SHOW) ->
    sig type t = A.t * B.t val show : t -> string end
module ShowInt : sig type t = int val show : int -> string end
module ShowStr : sig type t = string val show : string -> string end
module P : sig type t = ShowInt.t * ShowStr.t val show : t -> string end
module PP : sig type t = P.t * ShowInt.t val show : t -> string end
module Twice : functor (X : SHOW) -> sig val show : X.t -> string end
module WithInt :
  functor (B : SHOW) ->
    sig type t = ShowInt.t * B.t val show : t -> string end
module Q : sig type t = ShowInt.t * ShowInt.t val show : t -> string end
module T : sig val show : Q.t -> string end
module Fail :
  functor (X : sig val n : int end) ->
    sig exception Stop of int val check : int -> unit end
module F1 : sig exception Stop of int val check : int -> unit end
module F2 : sig exception Stop of int val check : int -> unit end
module Counter :
  functor
    (X : sig type t val zero : t val succ : t -> t val show : t -> string end)
    -> sig type c val start : c val tick : c -> c val read : c -> string end
module C :
  sig type c val start : c val tick : c -> c val read : c -> string end
