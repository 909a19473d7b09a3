module F (X : sig val x : int end) = struct let y = X.x end
let z = F.y
