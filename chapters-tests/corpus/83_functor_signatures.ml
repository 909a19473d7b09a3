(* Signatures around functors: `with type`, `module` and `include` specs,
   functors inside structures, aliases of functors, `include F (X)`. *)
module type EQ = sig type t val equal : t -> t -> bool end
module type ORD = sig include EQ val less : t -> t -> bool end

module Lib = struct
  module MakeMax (O : ORD) : sig
    type elt = O.t
    val max : elt -> elt -> elt
    module Same : sig val same : elt -> elt -> bool end
  end = struct
    type elt = O.t
    let max a b = if O.less a b then b else a
    module Same = struct let same a b = O.equal a b end
  end
end

module IntOrd = struct
  type t = int
  let equal (a : int) b = a = b
  let less (a : int) b = a < b
end

module M = Lib.MakeMax (IntOrd)
module MM = Lib.MakeMax
module S = MM (struct type t = string let equal = ( = ) let less a b = String.compare a b < 0 end)

let () =
  print_endline (string_of_int (M.max 3 8));
  print_endline (if M.Same.same 4 4 then "same" else "different");
  print_endline (S.max "apple" "pear")

module type BOX = sig type t val get : t -> int val make : int -> t end
module Boxed (X : sig val scale : int end) : BOX with type t = int = struct
  type t = int
  let get x = x * X.scale
  let make x = x
end
module B = Boxed (struct let scale = 10 end)
let () = print_endline (string_of_int (B.get (B.make 4) + B.make 1))

module Extend (X : EQ) = struct
  include X
  let differ a b = not (equal a b)
end
module E = Extend (IntOrd)
let () = print_endline (if E.differ 1 2 && E.equal 3 3 then "ok" else "bad")

module Counter = struct
  let count = ref 0
  module Tick (X : sig val step : int end) = struct
    let () = count := !count + X.step
    let now () = !count
  end
end
module T1 = Counter.Tick (struct let step = 5 end)
module T2 = Counter.Tick (struct let step = 7 end)
let () = print_endline (string_of_int (T1.now ()) ^ " " ^ string_of_int (T2.now ()))

include Extend (struct type t = string let equal a b = String.length a = String.length b end)
let () = print_endline (if differ "ab" "abc" then "differ" else "equal")
