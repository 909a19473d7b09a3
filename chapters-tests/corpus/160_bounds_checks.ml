(* Bounds checks that must stay, beside the ones that may go. *)
let attempt name f =
  match f () with
  | n -> Printf.printf "%s: %d\n" name n
  | exception Invalid_argument msg -> Printf.printf "%s: Invalid_argument %S\n" name msg

let[@inline never] sum a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do s := !s + a.(i) done;
  !s

let[@inline never] sum_from lo a =
  let s = ref 0 in
  for i = lo to Array.length a - 1 do s := !s + a.(i) done;
  !s

let[@inline never] one_too_far a =
  let s = ref 0 in
  for i = 0 to Array.length a do s := !s + a.(i) done;
  !s

let[@inline never] shifted a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do s := !s + a.(i + 1) done;
  !s

let[@inline never] shifted_back a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do s := !s + a.(i - 1) done;
  !s

let[@inline never] other_array a b =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do s := !s + b.(i) done;
  !s

let[@inline never] down a =
  let s = ref 0 in
  for i = Array.length a - 1 downto 0 do s := !s + a.(i) done;
  !s

let[@inline never] down_too_far a =
  let s = ref 0 in
  for i = Array.length a - 1 downto -1 do s := !s + a.(i) done;
  !s

let[@inline never] down_from_length a =
  let s = ref 0 in
  for i = Array.length a downto 0 do s := !s + a.(i) done;
  !s

let[@inline never] modified a =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    let j = if i mod 2 = 0 then i * 2 else i in
    s := !s + a.(j)
  done;
  !s

let[@inline never] while_loop a =
  let s = ref 0 and i = ref 0 in
  while !i <= Array.length a do s := !s + a.(!i); incr i done;
  !s

let[@inline never] guarded a i = if i >= 0 && i < Array.length a then a.(i) else -1
let[@inline never] guarded_wrong a i = if i >= 0 && i <= Array.length a then a.(i) else -1
let[@inline never] twice a i = a.(i) + a.(i) + a.(i - 1)

let[@inline never] copy a =
  let b = Array.make (Array.length a) 0 in
  for i = 0 to Array.length a - 1 do b.(i) <- 2 * a.(i) done;
  b

let[@inline never] copy_short a =
  let b = Array.make (Array.length a - 1) 0 in
  for i = 0 to Array.length a - 1 do b.(i) <- 2 * a.(i) done;
  Array.length b

let[@inline never] count_a s =
  let n = ref 0 in
  for i = 0 to String.length s - 1 do if s.[i] = 'a' then incr n done;
  !n

let[@inline never] count_a_too_far s =
  let n = ref 0 in
  for i = 0 to String.length s do if s.[i] = 'a' then incr n done;
  !n

let[@inline never] fill_bytes n =
  let b = Bytes.create n in
  for i = 0 to Bytes.length b - 1 do Bytes.set b i 'x' done;
  for i = 0 to n do Bytes.set b i 'y' done;
  Bytes.length b

let[@inline never] matrix m =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do s := !s + m.(i).(j) done
  done;
  !s

let[@inline never] matrix_wrong m =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(0) - 1 do s := !s + m.(i).(j) done
  done;
  !s

let[@inline never] floats a =
  let s = ref 0.0 in
  for i = 0 to Array.length a - 1 do s := !s +. a.(i) done;
  int_of_float !s

let () =
  let a = [| 1; 2; 3; 4; 5 |] and e = [||] in
  attempt "sum" (fun () -> sum a);
  attempt "sum empty" (fun () -> sum e);
  attempt "sum_from 2" (fun () -> sum_from 2 a);
  attempt "sum_from -1" (fun () -> sum_from (-1) a);
  attempt "sum_from 9" (fun () -> sum_from 9 a);
  attempt "one_too_far" (fun () -> one_too_far a);
  attempt "one_too_far empty" (fun () -> one_too_far e);
  attempt "shifted" (fun () -> shifted a);
  attempt "shifted_back" (fun () -> shifted_back a);
  attempt "other_array" (fun () -> other_array a [| 10; 20 |]);
  attempt "other_array longer" (fun () -> other_array [| 1 |] a);
  attempt "down" (fun () -> down a);
  attempt "down empty" (fun () -> down e);
  attempt "down_too_far" (fun () -> down_too_far a);
  attempt "down_from_length" (fun () -> down_from_length a);
  attempt "modified" (fun () -> modified a);
  attempt "while_loop" (fun () -> while_loop a);
  attempt "guarded 4" (fun () -> guarded a 4);
  attempt "guarded 5" (fun () -> guarded a 5);
  attempt "guarded_wrong 5" (fun () -> guarded_wrong a 5);
  attempt "twice 1" (fun () -> twice a 1);
  attempt "twice 0" (fun () -> twice a 0);
  attempt "copy" (fun () -> Array.fold_left ( + ) 0 (copy a));
  attempt "copy empty" (fun () -> Array.length (copy e));
  attempt "copy_short" (fun () -> copy_short a);
  attempt "count_a" (fun () -> count_a "banana");
  attempt "count_a_too_far" (fun () -> count_a_too_far "banana");
  attempt "fill_bytes" (fun () -> fill_bytes 3);
  attempt "matrix" (fun () -> matrix [| [| 1; 2 |]; [| 3 |]; [||] |]);
  attempt "matrix_wrong" (fun () -> matrix_wrong [| [| 1; 2 |]; [| 3 |] |]);
  attempt "floats" (fun () -> floats [| 1.5; 2.5 |]);
  print_endline (string_of_int a.(Array.length a - 1));
  print_endline (string_of_int a.(Array.length a))
