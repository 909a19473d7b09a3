code name[my_closure_2] c -> k_2 * k_exn_2 =
  let n : imm# = %untag c in
  switch n
  | 0 -> apply_cont k_2 $red
  | 1 -> apply_cont k_2 $green
  | 2 -> apply_cont k_2 $blue
