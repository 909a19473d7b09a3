open List
let () = iter print_int [1; 2]
