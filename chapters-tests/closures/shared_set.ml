(* stage: closures *)
let count_down_by start step =
  let rec ping n = if n <= 0 then 0 else 1 + pong (n - step)
  and pong n = if n <= 0 then 0 else 1 + ping (n - step) in
  ping start
