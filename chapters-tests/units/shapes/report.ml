open Shapes

let describe s =
  match s with
  | Circle r -> Printf.sprintf "circle %g" r
  | Rect (w, h) -> Printf.sprintf "rect %gx%g" w h

module ByArea = Largest (struct
  type t = shape
  let compare a b = compare (area a) (area b)
end)

let () = incr Shapes.count
