code digit[my_closure] c -> k * k_exn =
  let is_int : imm# = %is_int c in
  let_cont k_then () =
    let n : imm# = %untag c in
    let offset : imm# = n -# #48 in
    let in_range : imm# = offset <=u# #3 in
    let_cont k_table () =
      switch n
      | 48 -> apply_cont k 0
      | 49 -> apply_cont k 1
      | 50 -> apply_cont k -1
      | 51 -> apply_cont k 3
    in
    switch in_range
    | 0 -> apply_cont k -1
    | 1 -> apply_cont k_table ()
  in
  switch is_int
  | 0 -> apply_cont k -1
  | 1 -> apply_cont k_then ()
