let x = 41
exception E of int
let f () = raise (E x)
let () = print_endline "a init"
