code protect[my_closure] finally work -> k * k_exn =
  let finally_no_exn = closures { @finally_no_exn: finally_no_exn } in
  let_cont k_result result =
    let_cont k_u u = apply_cont k result in
    apply finally_no_exn 0 -> k_u * k_exn
  in
  let_cont exn k_handler exn =
    let_cont k_u_1 u_1 = apply_cont k_exn exn [pop k_exn] in
    apply finally_no_exn 0 -> k_u_1 * k_exn
  in
  let_cont k_try () =
    let_cont k_work_result work_result = apply_cont k_result work_result [pop k_handler] in
    apply work 0 -> k_work_result * k_handler
  in
  apply_cont k_try () [push k_handler]

code finally_no_exn[my_closure_1] param -> k_1 * k_exn_1 =
  let_cont exn k_handler_1 exn_1 =
    let exn_2 = %block[0] Finally_raised exn_1 in
    apply_cont k_exn_1 exn_2 [pop k_exn_1]
  in
  let_cont k_try_1 () =
    let_cont k_finally_result finally_result = apply_cont k_1 finally_result [pop k_handler_1] in
    apply finally 0 -> k_finally_result * k_handler_1
  in
  apply_cont k_try_1 () [push k_handler_1]

code counted[my_closure_2] work_1 -> k_2 * k_exn_2 =
  let anon = closures { @anon: anon } in
  apply protect anon work_1 -> k_2 * k_exn_2

code anon[my_closure_3] param_1 -> k_3 * k_exn_3 =
  let old = %load[0, imm, mut] cleanups in
  let new = old + 1 in
  let u_2 = %store[0, imm] cleanups new in
  apply_cont k_3 u_2

main -> k_done * k_uncaught =
  let symbol $Fun_Finally_raised = "Fun.Finally_raised" in
  let_cont k_id id =
    let Finally_raised = %block[248] $Fun_Finally_raised id in
    let protect = closures { @protect: protect } in
    let cleanups = %block[0, mut] 0 in
    let counted = closures { @counted: counted } in
    apply_cont k_done 0
  in
  apply[runtime] caml_fresh_oo_id 0 -> k_id * k_uncaught
