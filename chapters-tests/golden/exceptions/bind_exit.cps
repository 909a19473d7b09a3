code find_first[my_closure] p a -> k * k_exn =
  let_cont k_id id =
    let Found = %block[248] $Found id in
    let_cont exn k_handler exn =
      let field = %load[0, mut] exn in
      let test : imm# = field == Found in
      let_cont k_then () =
        let found = %load[1, mut] exn in
        apply_cont k found
      in
      let_cont k_else () = apply_cont k_exn exn [pop k_exn] in
      switch test
      | 0 -> apply_cont k_else ()
      | 1 -> apply_cont k_then ()
    in
    let_cont k_try () =
      let len = %array_length a in
      let stop = len - 1 in
      let_cont k_exit () = apply_cont k -1 [pop k_handler] in
      let_cont rec k_for i =
        let_cont k_u u =
          let last : imm# = i = stop in
          let_cont k_next () =
            let i_next = i + 1 in
            apply_cont k_for i_next
          in
          switch last
          | 0 -> apply_cont k_next ()
          | 1 -> apply_cont k_exit ()
        in
        let len_1 = %array_length a in
        let in_bounds : imm# = i <u len_1 in
        let_cont cold k_out_of_bounds () =
          let exn_1 = %block[0] $Invalid_argument $index_out_of_bounds in
          apply_cont k_handler exn_1 [pop k_handler]
        in
        let_cont k_ok () =
          let elt = %array_load[int, mut] a i in
          let_cont k_cond cond =
            let is_true : imm# = cond != 0 in
            let_cont k_then_1 () =
              let exn_2 = %block[0] Found i in
              apply_cont k_handler exn_2 [pop k_handler]
            in
            switch is_true
            | 0 -> apply_cont k_u 0
            | 1 -> apply_cont k_then_1 ()
          in
          apply p elt -> k_cond * k_handler
        in
        switch in_bounds
        | 0 -> apply_cont k_out_of_bounds ()
        | 1 -> apply_cont k_ok ()
      in
      let enter : imm# = 0 <= stop in
      switch enter
      | 0 -> apply_cont k_exit ()
      | 1 -> apply_cont k_for 0
    in
    apply_cont k_try () [push k_handler]
  in
  apply[runtime] caml_fresh_oo_id 0 -> k_id * k_exn

main -> k_done * k_uncaught =
  let symbol $Found = "Found"
  and $Invalid_argument = runtime caml_exn_Invalid_argument
  and $index_out_of_bounds = "index out of bounds" in
  let find_first = closures { @find_first: find_first } in
  apply_cont k_done 0
