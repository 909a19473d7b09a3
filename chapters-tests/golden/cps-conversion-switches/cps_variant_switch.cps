code area[my_closure] s -> k * k_exn =
  let_cont k_exit () = apply_cont k 0 in
  let_cont k_case () =
    let circle = %load[0, mut] s in
    let n = 3 * circle in
    let n_1 = n * circle in
    apply_cont k n_1
  in
  let_cont k_case_1 () =
    let rect_0 = %load[0, mut] s in
    let rect_1 = %load[1, mut] s in
    let n_2 = rect_0 * rect_1 in
    apply_cont k n_2
  in
  let is_int : imm# = %is_int s in
  let_cont k_then () =
    let n_3 : imm# = %untag s in
    switch n_3
    | 0 -> apply_cont k_exit ()
    | 1 -> apply_cont k_exit ()
  in
  let_cont k_else () =
    let tag : imm# = %get_tag s in
    switch tag
    | 0 -> apply_cont k_case ()
    | 1 -> apply_cont k_case_1 ()
  in
  switch is_int
  | 0 -> apply_cont k_else ()
  | 1 -> apply_cont k_then ()
