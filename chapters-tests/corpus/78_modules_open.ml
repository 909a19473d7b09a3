(* open, let open, M.(e), include and module aliases; shadowing and the
   evaluation order of structure items. *)
let x = "outer"
module A = struct
  let () = print_endline "A starts"
  let x = 1
  let y = x + 1
  let x = "shadowed"
  let () = print_endline ("A ends with x = " ^ x)
end
let () = print_endline x
module B = struct
  include A
  let z = y * 10
end
let () = print_int B.z; print_newline (); print_endline B.x
open A
let () = print_endline x; print_int y; print_newline ()
module L = List
let () = print_int (L.length [1; 2; 3]); print_newline ()
let () =
  let x = 5 in
  print_int (List.(length (rev [x; x]))); print_newline ();
  let open List in
  iter (fun v -> print_int v) (map (fun v -> v * x) [1; 2]);
  print_newline ()
module C = struct
  module D = struct let v = "deep" end
  module E = D
end
open C
let () = print_endline E.v; print_endline C.D.v
let () = let open C.D in print_endline v
let () = print_endline String.(concat "-" ["a"; "b"])
