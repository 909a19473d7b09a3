(* `{ r with ... }` takes its record type from `r` when the expected type
   says nothing; and a record built without `with` from the type that has
   all its fields. *)
type p = { x : int; y : int }
type q = { x : int; z : int }
let g (r : p) = { r with x = 1 }
let h (r : p) = { r with y = 10 }
let k r = { r with x = 2 }
let v = g { x = 5; y = 2 }
let w = { y = 5; x = 1 }
let s (r : p) = (r.y, { r with x = 1 }.y)
let t { x; y } = x + y
let u = k { x = 1; z = 3 }
let () =
  Printf.printf "%d %d %d %d %d %d %d\n" v.x v.y (h w).y (t w) (fst (s v)) u.x u.z
