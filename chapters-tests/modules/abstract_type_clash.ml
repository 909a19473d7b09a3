module type S = sig type t val x : t val f : t -> int end
module M : S = struct type t = int let x = 1 let f x = x end
let w = M.f 1
