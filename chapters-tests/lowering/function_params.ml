(* stage: lambda *)
(* Nested functions are merged; a parameter that is a pattern is matched at
   the start of its layer's body; `function` matches its last parameter. *)
let f (a, b) c = a + b + c
let g x = function Some y -> x + y | None -> x
let h () _ = 1
