type a = A | B
type b = A | C
let m = [A; B]
