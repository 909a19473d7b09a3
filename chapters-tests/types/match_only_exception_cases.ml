(* error: None of the patterns in this 'match' expression match values. *)
let x =
  match int_of_string "1" with
  | exception Failure _ -> 0
