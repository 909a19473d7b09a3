(* stage: closures *)
(* A conditional in the middle of an expression: its continuation becomes
   the join point of both arms, built once. *)
let f x =
  let y = if x > 0 then x else - x in
  y * 2 + 1
