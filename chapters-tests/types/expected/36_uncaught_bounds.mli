val fill : int array -> int -> unit
