type point = { x : int; y : int; }
type account = {
  owner : string;
  mutable balance : int;
  mutable history : int list;
}
type 'a box = { mutable contents : 'a; label : string; }
val move : point -> int -> int -> point
val print_point : point -> unit
val deposit : account -> int -> unit
val withdraw : account -> int -> unit
