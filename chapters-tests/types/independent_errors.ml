(* error: Unbound value undefined_one *)
let a = undefined_one
let b = a + 1
let c = "x" + 1
let d = undefined_two
