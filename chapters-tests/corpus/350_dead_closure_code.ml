(* A closure allocated and never used, found by the random program
   generator (seed 90979): Unboxing's cleanup removed the allocation but
   kept its code, whose slots To Cmm then had no place for, and -O2
   failed. The guard, the or-pattern and the tuple results are all
   needed to reach it. *)
let g = match 1000003 with
  | m when true -> (fun (_ : int) -> (fun (_ : int) -> (max_int, "q")))
  | 100 | -17 -> (fun (_ : int) -> (fun (_ : int) -> (2, "hello")))
  | _ -> (fun (_ : int) -> (fun (_ : int) -> (0, "")))

let h = match 7 with
  | n when n > 3 -> (fun x -> (x + n, "big"))
  | 1 | 2 -> (fun x -> (x, "small"))
  | _ -> (fun x -> (0, string_of_int x))

let () =
  let a, b = h 5 in
  Printf.printf "%d %s\n" a b;
  print_endline "x"
