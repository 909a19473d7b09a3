(* A continuation that a call returns to keeps its parameter, so the value a
   plain jump passes to it must be kept too, even when no one reads the
   parameter (found by the random program generator, seed 40614). *)

let () =
  let _ =
    if Array.length Sys.argv = 0 then Array.copy [| [| 0 |]; [| 0 |] |]
    else [| [| 1 |] |]
  in
  if List.exists (fun _ -> false) [] then print_endline "found"
  else print_endline "none"

let pick flag =
  let _ = if flag then Array.sub [| 1; 2; 3 |] 0 2 else [| 4 |] in
  flag

let () = print_endline (string_of_bool (pick true && not (pick false)))
