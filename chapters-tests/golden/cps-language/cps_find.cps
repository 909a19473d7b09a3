code find[my_closure_3] p a -> k_3 * k_exn_3 =
  let_cont exn k_handler exn =
    let field = %load[0, mut] exn in
    let test : imm# = field == Found in
    let_cont k_then () =
      let found = %load[1, mut] exn in
      apply_cont k_3 found
    in
    let_cont k_else () = apply_cont k_exn_3 exn [pop k_exn_3] in
    switch test
    | 0 -> apply_cont k_else ()
    | 1 -> apply_cont k_then ()
  in
  let_cont k_try () =
    let len_1 = %array_length a in
    let stop = len_1 - 1 in
    let_cont k_exit () = apply_cont k_3 -1 [pop k_handler] in
    let_cont rec k_for i_1 =
      let_cont k_u u =
        let last : imm# = i_1 = stop in
        let_cont k_next () =
          let i_next = i_1 + 1 in
          apply_cont k_for i_next
        in
        switch last
        | 0 -> apply_cont k_next ()
        | 1 -> apply_cont k_exit ()
      in
      let elt = %array_load[int, mut] a i_1 in
      let_cont k_cond cond =
        let is_true : imm# = cond != 0 in
        let_cont k_then_1 () =
          let exn_1 = %block[0] Found i_1 in
          apply_cont k_handler exn_1 [pop k_handler]
        in
        switch is_true
        | 0 -> apply_cont k_u 0
        | 1 -> apply_cont k_then_1 ()
      in
      apply p elt -> k_cond * k_handler
    in
    let enter : imm# = 0 <= stop in
    switch enter
    | 0 -> apply_cont k_exit ()
    | 1 -> apply_cont k_for 0
  in
  apply_cont k_try () [push k_handler]
