(* Exceptions from called functions mixed with local raises to the same
   handler, and handlers that re-raise what they do not match. *)
exception E of int
exception F

let[@inline never] may_raise x = if x mod 3 = 0 then raise (E x) else x

let mixed x =
  try
    let y = may_raise x in
    if y mod 3 = 1 then raise (E (-y));
    if y > 100 then raise F;
    y
  with E n -> n * 2

let through_closure f x =
  try
    if x < 0 then raise (E 0);
    f x
  with E n -> n + 1

let reraise_unmatched x =
  try
    try
      if x = 0 then raise F;
      ignore (may_raise x);
      if x = 1 then raise Not_found;
      x
    with E _ as e -> raise e
  with
  | E n -> 1000 + n
  | Not_found -> -1

let counter = ref 0

let with_effects x =
  try
    incr counter;
    if x then raise (E !counter);
    incr counter;
    !counter
  with E n -> n * 100 + !counter

let () =
  List.iter
    (fun x ->
      match mixed x with
      | v -> Printf.printf "mixed %d = %d\n" x v
      | exception F -> Printf.printf "mixed %d raised F\n" x)
    [1; 2; 3; 5; 101; 102];
  Printf.printf "%d %d %d\n" (through_closure (fun x -> x * 2) 4)
    (through_closure (fun x -> raise (E x)) 4) (through_closure (fun _ -> 0) (-4));
  List.iter
    (fun x ->
      match reraise_unmatched x with
      | v -> Printf.printf "reraise %d = %d\n" x v
      | exception F -> Printf.printf "reraise %d raised F\n" x)
    [0; 1; 2; 3];
  Printf.printf "%d %d\n" (with_effects true) (with_effects false)
