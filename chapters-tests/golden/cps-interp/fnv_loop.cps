code fnv1a_int[my_closure_3] h x -> k_3 * k_exn_3 [@@inline never] =
  let_cont k_exit h_1 v = apply_cont k_3 h_1 in
  let_cont rec k_for _for h_2 v_1 =
    let v_2 : int64# = %unbox_int64 v_1 in
    let int64 : int64# = %unbox_int64 $int64 in
    let n_1 : int64# = v_2 landL int64 in
    let n_2 = %box_int64 n_1 in
    let h_3 : int64# = %unbox_int64 h_2 in
    let n_3 : int64# = %unbox_int64 n_2 in
    let n_4 : int64# = h_3 lxorL n_3 in
    let n_5 = %box_int64 n_4 in
    let n_6 : int64# = %unbox_int64 n_5 in
    let int64_1 : int64# = %unbox_int64 $int64_1 in
    let n_7 : int64# = n_6 *L int64_1 in
    let h_4 = %box_int64 n_7 in
    let v_3 : int64# = %unbox_int64 v_1 in
    let shift : imm# = %untag 8 in
    let n_8 : int64# = v_3 lsrL shift in
    let v_4 = %box_int64 n_8 in
    let last : imm# = _for = 8 in
    let_cont k_next () =
      let _for_next = _for + 1 in
      apply_cont k_for _for_next h_4 v_4
    in
    switch last
    | 0 -> apply_cont k_next ()
    | 1 -> apply_cont k_exit h_4 v_4
  in
  let enter : imm# = 1 <= 8 in
  switch enter
  | 0 -> apply_cont k_exit h x
  | 1 -> apply_cont k_for 1 h x
