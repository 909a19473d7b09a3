(* stage: lambda *)
(* A top-level pattern binding: the match jumps to the rest of the program
   with the values of the pattern's variables. *)
let (q, r) = (17 / 5, 17 mod 5)
let [x; y] = [q; r]
let () = print_int (x + y)
