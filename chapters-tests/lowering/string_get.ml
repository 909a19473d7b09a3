(* stage: lambda *)
(* Indexing a string evaluates the string before the index. *)
let s () = print_string "s"; "abc"
let i () = print_string "i"; 1
let () = print_char (s ()).[i ()]
