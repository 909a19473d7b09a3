(* Lazy patterns: matching forces, even for `lazy _`; a forcing that raises is not an exception case of the match. *)
let l = lazy (print_endline "forced"; 3)
let () = match l with lazy _ -> print_endline "matched"
let () = print_endline (string_of_bool (Lazy.is_val l))
let m = lazy (print_endline "forced m"; Some 2)
let f = function lazy (Some n) -> n | lazy None -> 0
let () = print_int (f m); print_int (f m); print_newline ()
let g = function (lazy 1, _) -> "one" | (_, lazy 2) -> "two" | _ -> "other"
let () = print_endline (g (lazy (print_endline "a"; 5), lazy (print_endline "b"; 2)))
let h (lazy x) = x + 1
let () = print_int (h (lazy 41)); print_newline ()
let k = function lazy (x, y) as p -> x + y + (fst (Lazy.force p))
let () = print_int (k (lazy (1, 2))); print_newline ()
(* Not merged with the function it returns: applying [delay] forces. *)
let delay = fun (lazy x) -> fun () -> x
let () =
  let l = lazy (print_endline "forced by delay"; 1) in
  let k = delay l in
  print_endline "applied";
  print_int (k ());
  print_newline ()
let r = lazy (raise Not_found)
let () = match r with lazy _ -> () | exception Not_found -> print_endline "exn"
let () = try (match r with lazy () -> ()) with Not_found -> print_endline "exn2"
