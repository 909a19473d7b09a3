module Geometry :
  sig
    type point = { x : int; y : int; }
    type shape = Dot of point | Segment of point * point
    exception Degenerate of shape
    val origin : point
    val length : shape -> int
    module Units :
      sig type unit_ = Cm | Inch val scale : unit_ -> int -> int end
  end
val p : Geometry.point
val s : Geometry.shape
