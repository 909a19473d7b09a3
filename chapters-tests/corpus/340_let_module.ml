(* let module: local structures, functor applications, aliases and
   sealed modules bound inside expressions, evaluated each time. *)
let f () = let module M = struct type t = int let x : t = 3 end in M.x + 1
let g () =
  let module M = struct type t = A | B let v = B end in
  match M.v with M.A -> 0 | M.B -> 1
let h x =
  let module M = struct let y = x * 2 exception E end in
  try raise M.E with M.E -> M.y
let k = let module M = struct let id x = x end in M.id
let () = Printf.printf "%d %d %d %d %s\n" (f ()) (g ()) (h 21) (k 3) (k "s")
let () = let module L = List in print_int (L.length [1; 2]); print_newline ()
let () =
  let module M : sig val x : int end = struct let x = 1 let y = 2 end in
  print_int M.x; print_newline ()
let () =
  let count words =
    let module S = Set.Make (String) in
    S.cardinal (List.fold_left (fun s w -> S.add w s) S.empty words)
  in
  Printf.printf "%d %d\n" (count ["a"; "b"; "a"]) (count [])
(* Each evaluation runs the items again, with their effects, and makes a
   new exception. *)
let make () =
  let module M = struct
    let () = print_endline "making"
    exception E
    let raise_it () = raise E
    let is_mine e = (e = E)
  end in
  (M.raise_it, M.is_mine)
let () =
  let (r1, _) = make () in
  let (_, mine2) = make () in
  (try r1 () with e -> Printf.printf "%b %s\n" (mine2 e) (Printexc.to_string e))
let () =
  let module M = struct
    module N = struct exception Deep of string end
    let v = N.Deep "x"
  end in
  print_endline (Printexc.to_string M.v)
let () =
  let total = ref 0 in
  for i = 1 to 3 do
    let module Acc = struct let add n = total := !total + n * i end in
    Acc.add 10
  done;
  Printf.printf "%d\n" !total
let () =
  let module M = struct exception Last of int end in
  raise (M.Last 7)
