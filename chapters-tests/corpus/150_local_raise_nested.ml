(* Raises whose handler is in the same function: nested trys, a raise from
   an inner handler to the outer one, re-raises, handlers that do not match. *)
exception A of int
exception B of string
exception C

let nested x =
  try
    try
      if x = 0 then raise (A 1)
      else if x = 1 then raise (B "one")
      else if x = 2 then raise C
      else x * 10
    with
    | A n -> n + 100
    | B s -> raise (A (String.length s))
  with
  | A n -> n + 1000
  | C -> -2

let reraise x =
  try
    try if x > 5 then raise (A x) else raise Not_found
    with A n when n > 7 -> n | e -> raise e
  with A n -> -n | Not_found -> 0

let inner_handler_raises x =
  try
    (try raise (A x) with A n -> if n mod 2 = 0 then raise (B "even") else n)
  with B s -> String.length s * 100

let three_levels x =
  try
    try
      try if x < 0 then raise (A x) else if x = 0 then raise C else raise (B "b")
      with C -> 3
    with B _ -> 2
  with A _ -> 1

let nested_unmatched () =
  try (try failwith "out" with Not_found -> 0) with A _ -> 1

let () =
  List.iter (fun x -> Printf.printf "nested %d = %d\n" x (nested x)) [0; 1; 2; 3];
  List.iter (fun x -> Printf.printf "reraise %d = %d\n" x (reraise x)) [3; 6; 9];
  List.iter (fun x -> Printf.printf "inner %d = %d\n" x (inner_handler_raises x)) [3; 4];
  List.iter (fun x -> Printf.printf "three %d = %d\n" x (three_levels x)) [-1; 0; 1];
  (* a handler that does not match lets the exception out of the function *)
  (match nested_unmatched () with
   | _ -> ()
   | exception Failure m -> Printf.printf "escaped Failure %s\n" m)
