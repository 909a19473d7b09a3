type shape = Circle of float | Rect of float * float | Group of shape list
type point = { mutable x : float; mutable y : float; }
type item = {
  name : string;
  mutable qty : int;
  mutable tags : string list;
  mutable shape : shape;
  pos : point;
}
type counter = { mutable count : int; step : int; label : string; }
type 'a cell = { mutable contents_ : 'a; mutable history : 'a list; }
val area : shape -> float
val show_item : item -> unit
val set : 'a cell -> 'a -> unit
