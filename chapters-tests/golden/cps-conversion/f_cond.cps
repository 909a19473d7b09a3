code f[my_closure] cond -> k * k_exn =
  let_cont k_v v =
    let block = %block[0] v v in
    apply_cont k block
  in
  let is_true : imm# = cond != 0 in
  let_cont k_then () = apply_cont k_exn $Not_found [pop k_exn] in
  switch is_true
  | 0 -> apply_cont k_v 0
  | 1 -> apply_cont k_then ()

main -> k_done * k_uncaught =
  let symbol $Not_found = runtime caml_exn_Not_found in
  let f = closures { @f: f } in
  apply_cont k_done 0
