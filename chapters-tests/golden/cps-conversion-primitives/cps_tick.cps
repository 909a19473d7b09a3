code tick[my_closure_3] r -> k_3 * k_exn_3 =
  let old = %load[0, imm, mut] r in
  let new = old + 1 in
  let u = %store[0, imm] r new in
  let field = %load[0, mut] r in
  apply_cont k_3 field
