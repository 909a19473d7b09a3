code pair[my_closure] x -> k * k_exn =
  let is_int : imm# = %is_int x in
  let_cont k_then () =
    let array = %array[val, mut] x x in
    apply_cont k array
  in
  let_cont k_else () =
    let tag : imm# = %get_tag x in
    let is_float : imm# = tag =# #253 in
    let_cont k_then_1 () =
      let x_1 : float# = %unbox_float x in
      let x_2 : float# = %unbox_float x in
      let array_1 = %array[float#, mut] x_1 x_2 in
      apply_cont k array_1
    in
    let_cont k_else_1 () =
      let array_2 = %array[val, mut] x x in
      apply_cont k array_2
    in
    switch is_float
    | 0 -> apply_cont k_else_1 ()
    | 1 -> apply_cont k_then_1 ()
  in
  switch is_int
  | 0 -> apply_cont k_else ()
  | 1 -> apply_cont k_then ()
