(* stage: regalloc opt=0 *)
let sum_to n =
  let rec go acc i = if i > n then acc else go (acc + i) (i + 1) in
  go 0 1
