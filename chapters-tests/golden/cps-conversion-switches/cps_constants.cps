code f[my_closure] x -> k * k_exn =
  let is_true : imm# = x != 0 in
  let_cont k_then () = apply_cont k_exn $Not_found [pop k_exn] in
  let_cont k_else () =
    let block = %block[0] $float 0 in
    let block_1 = %block[0] 3 block in
    apply_cont k block_1
  in
  switch is_true
  | 0 -> apply_cont k_else ()
  | 1 -> apply_cont k_then ()

main -> k_done * k_uncaught =
  let symbol $one = "one"
  and $two = "two"
  and $const_block = block 0 ($two, 0)
  and $const_block_1 = block 0 ($one, $const_block)
  and $float = boxed_float 0.5
  and $const_block_2 = block 0 (1, 97)
  and $Not_found = runtime caml_exn_Not_found in
  let f = closures { @f: f } in
  apply_cont k_done 0
