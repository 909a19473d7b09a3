code sum_squares[my_closure] n -> k * k_exn =
  let_cont rec k_for i s =
    let n_1 : float# = %conv[int -> float#] i in
    let x = %box_float n_1 in
    let x_1 : float# = %unbox_float x in
    let x_2 : float# = %unbox_float x in
    let x_3 : float# = x_1 *. x_2 in
    let n_2 = %box_float x_3 in
    let s_1 : float# = %unbox_float s in
    let n_3 : float# = %unbox_float n_2 in
    let x_4 : float# = s_1 +. n_3 in
    let s_2 = %box_float x_4 in
    let last : imm# = i = n in
    let_cont k_next () =
      let i_next = i + 1 in
      apply_cont k_for i_next s_2
    in
    switch last
    | 0 -> apply_cont k_next ()
    | 1 -> apply_cont k s_2
  in
  let enter : imm# = 1 <= n in
  switch enter
  | 0 -> apply_cont k $float
  | 1 -> apply_cont k_for 1 $float

main -> k_done * k_uncaught =
  let symbol $float = boxed_float 0.0 in
  let sum_squares = closures { @sum_squares: sum_squares } in
  apply_cont k_done 0
