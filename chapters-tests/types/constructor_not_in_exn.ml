type a = A | B
let f (x : exn) = match x with A -> 1 | _ -> 2
