module type ORDERED =
  sig type t val compare : t -> t -> int val name : string end
module Int_ord : ORDERED
module Stack :
  sig
    type 'a t
    exception Empty
    val empty : 'a t
    val push : 'a -> 'a t -> 'a t
    val pop : 'a t -> 'a * 'a t
    val size : 'a t -> int
  end
val s : int Stack.t
module Counter :
  sig type t val zero : t val next : t -> t val to_int : t -> int end
module Shapes :
  sig
    module type AREA = sig val area : float -> float end
    module Square : AREA
  end
module Square2 : Shapes.AREA
