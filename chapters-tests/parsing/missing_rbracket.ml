let l = [1; 2; 3
let () = ()
