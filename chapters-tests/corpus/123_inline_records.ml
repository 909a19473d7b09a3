(* Inline records: constructors whose argument is a record stored in the
   constructor's own block. *)
type shape =
  | Circle of { r : float }
  | Rect of { w : float; mutable h : float }
  | Point

type 'a tree = Leaf | Node of { left : 'a tree; v : 'a; right : 'a tree }

type counter = Counter of { name : string; mutable count : int }

let area = function
  | Circle { r } -> 3. *. r *. r
  | Rect { w; h } -> w *. h
  | Point -> 0.

let stretch s = match s with Rect r -> r.h <- r.h *. 2. | Circle _ | Point -> ()

let rec insert x = function
  | Leaf -> Node { left = Leaf; v = x; right = Leaf }
  | Node n as t ->
      if x < n.v then Node { n with left = insert x n.left }
      else if x > n.v then Node { n with right = insert x n.right }
      else t

let rec fold f acc = function
  | Leaf -> acc
  | Node { left; v; right } -> fold f (f (fold f acc left) v) right

let rec depth = function Leaf -> 0 | Node { left; right; _ } -> 1 + max (depth left) (depth right)

let bump (Counter c) = c.count <- c.count + 1

let same = function Node n -> Node n | Leaf -> Leaf

let describe = function
  | Circle { r = 0. } | Rect { w = 0.; _ } -> "degenerate"
  | Circle _ -> "circle"
  | Rect { h; _ } when h > 10. -> "tall rectangle"
  | Rect _ -> "rectangle"
  | Point -> "point"

let () =
  let s = Rect { w = 2.; h = 3. } in
  stretch s;
  Printf.printf "%g %g %g\n" (area s) (area (Circle { r = 1. })) (area Point);
  let t = List.fold_left (fun t x -> insert x t) Leaf [ 5; 3; 8; 1; 4; 5; 9; 2 ] in
  Printf.printf "sum %d depth %d\n" (fold ( + ) 0 t) (depth t);
  List.iter (fun x -> Printf.printf "%d " x) (List.rev (fold (fun l x -> x :: l) [] t));
  print_newline ();
  let c = Counter { name = "clicks"; count = 0 } in
  for _ = 1 to 5 do bump c done;
  (match c with Counter { name; count } -> Printf.printf "%s=%d\n" name count);
  print_endline (if same t == t then "rebuilt" else "same block");
  print_endline (if same t = t then "equal" else "different");
  Printf.printf "%d %d\n" (compare (Circle { r = 1. }) (Circle { r = 2. })) (compare Point (Rect { w = 1.; h = 1. }));
  Printf.printf "%b\n" (Hashtbl.hash (Circle { r = 1. }) = Hashtbl.hash (Circle { r = 1. }));
  List.iter (fun s -> print_endline (describe s))
    [ Circle { r = 0. }; Rect { w = 0.; h = 4. }; Circle { r = 2. }; Rect { w = 1.; h = 11. }; Rect { w = 1.; h = 1. }; Point ]

(* A recursive v whose block is a constructor's inline record. *)
type ring = Stop | Link of { next : ring; label : int }

let rec loop = Link { next = loop; label = 7 }

let () =
  match loop with
  | Link { next = Link { label; _ }; _ } -> Printf.printf "label %d\n" label
  | _ -> ()
