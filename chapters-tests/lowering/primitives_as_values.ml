(* stage: lambda *)
(* A primitive used as a value, or partially applied, becomes a function;
   over-applied, its result is applied to the rest. *)
let add = ( + )
let add3 = ( + ) 3
let firsts l = List.map fst l
let negate_all l = List.map ( ~- ) l
let call () = fst (print_newline, 0) ()
