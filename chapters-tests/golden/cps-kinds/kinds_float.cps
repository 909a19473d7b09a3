code scale[my_closure_6] k x -> k_6 * k_exn_6 =
  let k_1 : float# = %unbox_float k in
  let x_1 : float# = %unbox_float x in
  let x_2 : float# = k_1 *. x_1 in
  let n_3 = %box_float x_2 in
  let n_4 : float# = %unbox_float n_3 in
  let float : float# = %unbox_float $float in
  let x_3 : float# = n_4 +. float in
  let n_5 = %box_float x_3 in
  apply_cont k_6 n_5
