(* A fact on a loop's parameter (the exit test i = 99 of Array.init's loop)
   must not be carried to the loop's entry, where with i = 1 it is a
   contradiction that "proved" a[100] in bounds: the check must stay *)
let safe_get a i = try a.(i) with Invalid_argument _ -> -1

let () =
  let a = Array.init 100 (fun i -> i) in
  Printf.printf "%d %d %d\n" (safe_get a 100) (safe_get a 99) (safe_get a (-1))
