(* An abbreviation that names itself only in an argument another
   abbreviation ignores is not cyclic: `u phantom` expands to `int`. *)
type 'a phantom = int
type u = u phantom
type v = v phantom list
type 'a id = 'a
type w = w phantom id
type 'a t = 'a phantom
type z = z t * int
let (x : u) = 3
let (l : v) = [1; 2]
let (y : w) = 4
let (p : z) = (5, 6)
let () = Printf.printf "%d %d %d %d\n" x (List.length l) y (fst p + snd p)
