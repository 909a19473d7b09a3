(* stage: cmm opt=0 *)
(* A local set of two mutually recursive closures with value slots:
   allocated at run time, one block, the value slots after the functions. *)
let count_down (a, b) =
  let rec ping n = if n <= a then n else pong (n - 1)
  and pong n = if n <= b then n else ping (n - 2) in
  ping
