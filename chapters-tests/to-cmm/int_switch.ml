(* stage: cmm opt=0 *)
(* A match on a dense range of integers: a range test, then a switch on the
   untagged value. (The lowering also tests that the int is an immediate.) *)
let digit_name n =
  match n with
  | 0 -> 10
  | 1 -> 11
  | 2 -> 12
  | 3 -> 11
  | 4 -> 10
  | _ -> 0
