(* stage: interp-cps *)
(* Local exceptions as Open Dylan's bind-exit: leaving nested loops early. *)
let find_pair (a : int array) target =
  let exception Found of int * int in
  try
    for i = 0 to Array.length a - 1 do
      for j = i + 1 to Array.length a - 1 do
        if a.(i) + a.(j) = target then raise (Found (i, j))
      done
    done;
    None
  with Found (i, j) -> Some (i, j)
let show = function
  | None -> print_string "none"
  | Some (i, j) -> print_int i; print_char ','; print_int j
let () =
  let a = [| 3; 9; 4; 7; 1 |] in
  show (find_pair a 11); print_char ' ';
  show (find_pair a 100); print_char ' ';
  show (find_pair a 4); print_newline ()
