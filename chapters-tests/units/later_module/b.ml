let () = Printf.printf "%d\n" (A.x + 1)
let () = assert (A.x = 41)
let () = try A.f () with A.E n -> Printf.printf "caught %d\n" n
let g = function 1 -> "one"
let () = print_endline (g 1)
let () = A.f ()
