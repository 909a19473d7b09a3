(* Structures and paths for every kind of name. *)
module Geometry = struct
  type point = { x : int; y : int }
  type shape = Dot of point | Segment of point * point
  exception Degenerate of shape
  let origin = { x = 0; y = 0 }
  let length = function
    | Dot _ -> 0
    | Segment (a, b) -> abs (b.x - a.x) + abs (b.y - a.y)
  module Units = struct
    type unit_ = Cm | Inch
    let scale u n = match u with Cm -> n | Inch -> n * 254 / 100
  end
end

let p : Geometry.point = { Geometry.x = 3; y = 4 }
let s = Geometry.Segment (Geometry.origin, p)
let () =
  print_int p.Geometry.x; print_newline ();
  print_int (Geometry.length s); print_newline ();
  print_int (Geometry.Units.scale Geometry.Units.Inch 100); print_newline ();
  match s with
  | Geometry.Segment (_, { Geometry.y; _ }) -> print_int y; print_newline ()
  | Geometry.Dot _ -> ()

let () =
  try raise (Geometry.Degenerate (Geometry.Dot p))
  with Geometry.Degenerate (Geometry.Dot q) -> print_int q.Geometry.y; print_newline ()

let () = raise (Geometry.Degenerate s)
