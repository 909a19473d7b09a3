module type ORDERED = sig
  type t
  val compare : t -> t -> int
  val name : string
end
module Int_ord : ORDERED = struct
  type t = int
  let compare (a : int) b = compare a b
  let name = "int"
  let hidden = 3
end
module Stack : sig
  type 'a t
  exception Empty
  val empty : 'a t
  val push : 'a -> 'a t -> 'a t
  val pop : 'a t -> 'a * 'a t
  val size : 'a t -> int
end = struct
  type 'a t = 'a list
  exception Empty
  let empty = []
  let push x s = x :: s
  let pop = function [] -> raise Empty | x :: s -> (x, s)
  let size = List.length
end
let s = Stack.push 1 (Stack.push 2 Stack.empty)
let () =
  let (x, s') = Stack.pop s in
  print_int x; print_int (Stack.size s'); print_newline ();
  print_endline Int_ord.name
let () = try ignore (Stack.pop (snd (Stack.pop (snd (Stack.pop s))))) with Stack.Empty -> print_endline "empty"
(* A signature written in place, a named one inside a module, and a
   module constrained twice: each constraint makes its own abstract type. *)
module Counter : sig
  type t
  val zero : t
  val next : t -> t
  val to_int : t -> int
end = struct
  type t = int
  let zero = 0
  let next n = n + 1
  let to_int n = n
end
module Shapes = struct
  module type AREA = sig val area : float -> float end
  module Square : AREA = struct let area s = s *. s let () = print_endline "square" end
end
module Square2 : Shapes.AREA = Shapes.Square
let () =
  print_int (Counter.to_int (Counter.next (Counter.next Counter.zero)));
  print_newline ();
  print_float (Shapes.Square.area 1.5 +. Square2.area 2.); print_newline ()
let () = ignore (Stack.pop Stack.empty)
