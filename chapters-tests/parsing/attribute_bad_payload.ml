(* OCaml parses an attribute's payload as a structure: `done` cannot
   continue the expression `never`, so this is a syntax error there. *)
let[@inline never done] f x = x
let () = print_int (f 1)
