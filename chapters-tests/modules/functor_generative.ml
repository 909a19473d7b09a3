module F (X : sig end) = struct type t = A let a = A end
module M1 = F (struct end)
module M2 = F (struct end)
let b : M2.t = M1.a
