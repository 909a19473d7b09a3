(* Functors are applicative: applied twice to the same module path, a
   functor gives equal types, sealed (`F(K).t`) or not (`G(K).t = ...`);
   and `include` makes the included module's types the includer's own. *)
module type COUNTER = sig
  type t
  val zero : t
  val next : t -> t
  val show : t -> string
end

module Step (X : sig val by : int end) : COUNTER = struct
  type t = int
  let zero = 0
  let next n = n + X.by
  let show = string_of_int
end

module Two = struct let by = 2 end
module A = Step (Two)
module B = Step (Two)
(* A.t and B.t are both Step(Two).t: values mix freely. *)
let both = A.next (B.next A.zero)
let () = print_endline (B.show both)

module Tree (K : sig type t val compare : t -> t -> int end) = struct
  type tree = Leaf | Node of tree * K.t * tree
  let rec add x = function
    | Leaf -> Node (Leaf, x, Leaf)
    | Node (l, y, r) as t ->
        let c = K.compare x y in
        if c < 0 then Node (add x l, y, r) else if c > 0 then Node (l, y, add x r) else t
  let rec to_list = function Leaf -> [] | Node (l, x, r) -> to_list l @ (x :: to_list r)
  module Size = struct
    type count = { nodes : int }
    let rec count = function Leaf -> { nodes = 0 } | Node (l, _, r) -> { nodes = (count l).nodes + 1 + (count r).nodes }
  end
end

module T1 = Tree (Int)
module T2 = Tree (Int)
let t = List.fold_left (fun t x -> T2.add x t) (T1.add 5 T1.Leaf) [ 3; 8; 1; 5 ]
let () =
  print_endline (String.concat " " (List.map string_of_int (T1.to_list t)));
  print_endline (match t with T2.Node (_, x, _) -> string_of_int x | T1.Leaf -> "leaf");
  print_endline (string_of_int (T1.Size.count t).T2.Size.nodes)

module IM = Map.Make (Int)
module IM2 = Map.Make (Int)
let m = IM.add 1 "one" (IM2.add 2 "two" IM.empty)
let () = IM2.iter (fun k v -> print_endline (string_of_int k ^ " " ^ v)) m

module Extended = struct
  include T1
  let singleton x = Node (Leaf, x, Leaf)
end
let () = print_endline (string_of_int (List.length (Extended.to_list (Extended.add 2 (Extended.singleton 1)))))

module Named = struct
  include A
  let twice n = next (next n)
end
let () = print_endline (Named.show (Named.twice B.zero))
