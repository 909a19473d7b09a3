(* Functors: definition, application to a named module and to a structure,
   the body's effects at each application, in order. *)
module type ORDERED = sig
  type t
  val compare : t -> t -> int
  val name : string
end

let () = print_endline "before F"

module MakeSort (O : ORDERED) = struct
  let () = print_endline ("applying MakeSort to " ^ O.name)
  let rec insert x = function
    | [] -> [x]
    | y :: rest as l -> if O.compare x y <= 0 then x :: l else y :: insert x rest
  let sort l = List.fold_left (fun acc x -> insert x acc) [] l
  let count = ref 0
  let sorted l = incr count; sort l
end

module Int = struct
  type t = int
  let compare (a : int) b = compare a b
  let name = "Int"
end

let () = print_endline "before applications"
module SortInt = MakeSort (Int)
module SortRev = MakeSort (struct
  type t = int
  let compare a b = compare b a
  let name = "reversed ints"
end)
module SortStr = MakeSort (struct
  type t = string
  let compare = compare
  let name = "strings"
end)

let show l = String.concat " " (List.map string_of_int l)
let () =
  print_endline (show (SortInt.sorted [3; 1; 2; 5; 4]));
  print_endline (show (SortRev.sorted [3; 1; 2; 5; 4]));
  print_endline (String.concat "," (SortStr.sorted ["pear"; "apple"; "fig"]));
  ignore (SortInt.sorted []);
  (* Each application has its own state. *)
  print_endline (show [!SortInt.count; !SortRev.count; !SortStr.count])

(* A functor with two parameters, and one whose result is constrained. *)
module type SHOW = sig type t val show : t -> string end
module Pair (A : SHOW) (B : SHOW) : SHOW with type t = A.t * B.t = struct
  type t = A.t * B.t
  let show (a, b) = "(" ^ A.show a ^ ", " ^ B.show b ^ ")"
end
module ShowInt = struct type t = int let show = string_of_int end
module ShowStr = struct type t = string let show s = "\"" ^ s ^ "\"" end
module P = Pair (ShowInt) (ShowStr)
module PP = Pair (P) (ShowInt)
let () = print_endline (PP.show ((1, "one"), 2))

(* functor (X : S) -> ..., and a partial application. *)
module Twice = functor (X : SHOW) -> struct
  let show x = X.show x ^ X.show x
end
module WithInt = Pair (ShowInt)
module Q = WithInt (ShowInt)
module T = Twice (Q)
let () = print_endline (T.show (3, 4))

(* An exception declared in a functor body is a new one per application. *)
module Fail (X : sig val n : int end) = struct
  exception Stop of int
  let check k = if k > X.n then raise (Stop k)
end
module F1 = Fail (struct let n = 1 end)
module F2 = Fail (struct let n = 2 end)
let () =
  (try F1.check 5 with F2.Stop _ -> print_endline "F2" | F1.Stop k -> print_endline ("F1 " ^ string_of_int k));
  (try F2.check 2; print_endline "no exception" with F1.Stop _ -> print_endline "F1")

(* Abstract types of the parameter and a result whose signature hides. *)
module Counter (X : sig type t val zero : t val succ : t -> t val show : t -> string end) : sig
  type c
  val start : c
  val tick : c -> c
  val read : c -> string
end = struct
  type c = X.t
  let start = X.zero
  let tick = X.succ
  let read = X.show
end
module C = Counter (struct type t = int let zero = 0 let succ x = x + 1 let show = string_of_int end)
let () = print_endline (C.read (C.tick (C.tick C.start)))
let () = F1.check 3
