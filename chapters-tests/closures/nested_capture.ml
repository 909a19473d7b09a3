(* stage: closures *)
(* A variable captured by a closure nested two deep is captured by every
   closure in between; a closed function is a symbol and is never captured. *)
let scale x = x * 3
let outer a =
  let middle b =
    let inner c = scale (a + b + c) in
    inner
  in
  middle
