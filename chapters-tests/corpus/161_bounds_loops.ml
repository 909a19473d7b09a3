(* Bounds checks in loops: arrays replaced inside the loop, indices near max_int and min_int, while loops, nested loops, conditions joined by && and ||. *)
let attempt name f =
  match f () with
  | n -> Printf.printf "%s: %d\n" name n
  | exception Invalid_argument msg -> Printf.printf "%s: Invalid_argument %S\n" name msg

let[@inline never] swap_array arr =
  let a = ref arr and s = ref 0 in
  for i = 0 to Array.length !a - 1 do s := !s + !a.(i); a := [| 7 |] done;
  !s

let[@inline never] wrap a =
  let s = ref 0 in
  for i = max_int - 2 to max_int do s := !s + a.(i + 3 - max_int) done;
  !s

let[@inline never] wrap2 a =
  let s = ref 0 in
  for i = min_int to min_int + 2 do s := !s + a.(i - min_int) done;
  !s

let[@inline never] big_offset a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do s := !s + a.(i + max_int + 1 + max_int + 1) done;
  !s

let[@inline never] inner a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i to Array.length a - 1 do s := !s + a.(j) + a.(i) done
  done;
  !s

let[@inline never] inner_wrong a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i to Array.length a do s := !s + a.(j - i) done
  done;
  !s

let[@inline never] cond_loop a n =
  let s = ref 0 in
  if n <= Array.length a then
    for i = 0 to n - 1 do s := !s + a.(i) done;
  !s

let[@inline never] cond_loop_wrong a n =
  let s = ref 0 in
  if n <= Array.length a + 1 then
    for i = 0 to n - 1 do s := !s + a.(i) done;
  !s

let[@inline never] dec_while a =
  let i = ref (Array.length a - 1) and s = ref 0 in
  while !i >= 0 do s := !s + a.(!i); decr i done;
  !s

let[@inline never] dec_while_wrong a =
  let i = ref (Array.length a) and s = ref 0 in
  while !i >= 0 do s := !s + a.(!i); decr i done;
  !s

let[@inline never] step2 a =
  let i = ref 0 and s = ref 0 in
  while !i < Array.length a do s := !s + a.(!i); i := !i + 2 done;
  !s

let[@inline never] step2_wrong a =
  let i = ref 0 and s = ref 0 in
  while !i < Array.length a do s := !s + a.(!i + 1); i := !i + 2 done;
  !s

let[@inline never] sub a =
  let b = Array.sub a 1 (Array.length a - 1) in
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do s := !s + b.(i) done;
  !s

let[@inline never] bool_join a i =
  let ok = i >= 0 && i < Array.length a in
  let ok2 = ok || i = 0 in
  if ok2 then a.(i) else -1

let () =
  let a = [| 1; 2; 3; 4 |] in
  attempt "swap_array" (fun () -> swap_array a);
  attempt "wrap" (fun () -> wrap a);
  attempt "wrap2" (fun () -> wrap2 a);
  attempt "big_offset" (fun () -> big_offset a);
  attempt "inner" (fun () -> inner a);
  attempt "inner_wrong" (fun () -> inner_wrong a);
  attempt "cond_loop" (fun () -> cond_loop a 3);
  attempt "cond_loop_wrong" (fun () -> cond_loop_wrong a 5);
  attempt "dec_while" (fun () -> dec_while a);
  attempt "dec_while_wrong" (fun () -> dec_while_wrong a);
  attempt "step2" (fun () -> step2 a);
  attempt "step2 odd" (fun () -> step2 [| 1; 2; 3 |]);
  attempt "step2_wrong" (fun () -> step2_wrong [| 1; 2; 3 |]);
  attempt "sub" (fun () -> sub a);
  attempt "bool_join" (fun () -> bool_join [||] 0);
  attempt "bool_join 2" (fun () -> bool_join a 2)
