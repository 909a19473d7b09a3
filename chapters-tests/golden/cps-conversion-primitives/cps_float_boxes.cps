code hyp[my_closure] x y -> k * k_exn =
  let y_1 : float# = %unbox_float y in
  let y_2 : float# = %unbox_float y in
  let x_1 : float# = y_1 *. y_2 in
  let n = %box_float x_1 in
  let x_2 : float# = %unbox_float x in
  let x_3 : float# = %unbox_float x in
  let x_4 : float# = x_2 *. x_3 in
  let n_1 = %box_float x_4 in
  let n_2 : float# = %unbox_float n_1 in
  let n_3 : float# = %unbox_float n in
  let x_5 : float# = n_2 +. n_3 in
  let n_4 = %box_float x_5 in
  let n_5 : float# = %unbox_float n_4 in
  let_cont k_x (x_6 : float#) =
    let n_6 = %box_float x_6 in
    apply_cont k n_6
  in
  apply[runtime (float#) -> (float#)] caml_sqrt_float n_5 -> k_x * k_exn
