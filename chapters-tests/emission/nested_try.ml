(* stage: asm opt=0 *)
let f x y = try (try x / y with Not_found -> 1) with Division_by_zero -> 2
