(* stage: mach opt=0 *)
(* Twelve tagged additions: a chain of leas, and one adjustment (-11) for
   the whole sum. *)
let f (a, b, c, d, e, g, h, i, j, k, l, m) =
  a + b + c + d + e + g + h + i + j + k + l + m
