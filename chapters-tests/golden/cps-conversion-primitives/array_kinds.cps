code first[my_closure_6] a -> k_6 * k_exn_6 =
  let len_1 = %array_length a in
  let in_bounds : imm# = 0 <u len_1 in
  let_cont cold k_out_of_bounds () =
    let exn = %block[0] $Invalid_argument $index_out_of_bounds in
    apply_cont k_exn_6 exn [pop k_exn_6]
  in
  let_cont k_ok () =
    let is_flat : imm# = %is_flat_float_array a in
    let_cont k_then_2 () =
      let x : float# = %array_load[float#, mut] a 0 in
      let n_3 = %box_float x in
      apply_cont k_6 n_3
    in
    let_cont k_else_1 () =
      let elt = %array_load[val, mut] a 0 in
      apply_cont k_6 elt
    in
    switch is_flat
    | 0 -> apply_cont k_else_1 ()
    | 1 -> apply_cont k_then_2 ()
  in
  switch in_bounds
  | 0 -> apply_cont k_out_of_bounds ()
  | 1 -> apply_cont k_ok ()

code first_float[my_closure_7] a_1 -> k_7 * k_exn_7 =
  let len_2 = %array_length a_1 in
  let in_bounds_1 : imm# = 0 <u len_2 in
  let_cont cold k_out_of_bounds_1 () =
    let exn_1 = %block[0] $Invalid_argument $index_out_of_bounds_1 in
    apply_cont k_exn_7 exn_1 [pop k_exn_7]
  in
  let_cont k_ok_1 () =
    let x_1 : float# = %array_load[float#, mut] a_1 0 in
    let n_4 = %box_float x_1 in
    apply_cont k_7 n_4
  in
  switch in_bounds_1
  | 0 -> apply_cont k_out_of_bounds_1 ()
  | 1 -> apply_cont k_ok_1 ()
