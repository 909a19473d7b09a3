(* stage: lambda *)
(* OCaml evaluates a for loop's start bound before its end bound; Lambda's
   `for` evaluates them right to left, so effectful bounds are bound first. *)
let next = let n = ref 0 in fun () -> incr n; !n
let () = for i = next () to next () + 2 do print_int i done
let () = for i = 10 downto next () do print_int i done
