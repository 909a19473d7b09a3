code get[my_closure] s i -> k * k_exn =
  let len = %string_length s in
  let in_bounds : imm# = i <u len in
  let_cont cold k_out_of_bounds () =
    let exn = %block[0] $Invalid_argument $index_out_of_bounds in
    apply_cont k_exn exn [pop k_exn]
  in
  let_cont k_ok () =
    let byte : imm# = %string_load s i in
    let n = %tag byte in
    apply_cont k n
  in
  switch in_bounds
  | 0 -> apply_cont k_out_of_bounds ()
  | 1 -> apply_cont k_ok ()

code set[my_closure_1] b i_1 c -> k_1 * k_exn_1 =
  let len_1 = %bytes_length b in
  let in_bounds_1 : imm# = i_1 <u len_1 in
  let_cont cold k_out_of_bounds_1 () =
    let exn_1 = %block[0] $Invalid_argument $index_out_of_bounds_1 in
    apply_cont k_exn_1 exn_1 [pop k_exn_1]
  in
  let_cont k_ok_1 () =
    let byte_1 : imm# = %untag c in
    let u = %bytes_store b i_1 byte_1 in
    apply_cont k_1 u
  in
  switch in_bounds_1
  | 0 -> apply_cont k_out_of_bounds_1 ()
  | 1 -> apply_cont k_ok_1 ()
