(* Several bounds checks in one function share one raise: each must still
   fail at its own access, after the effects of the accesses before it,
   whether the function is inside a try or not, and checks inside a try
   of the same function must go to its handler. *)

let trace = Buffer.create 16

let[@inline never] get3 (a : int array) i j k =
  Buffer.add_char trace 'a';
  let x = a.(i) in
  Buffer.add_char trace 'b';
  let y = a.(j) in
  Buffer.add_char trace 'c';
  let z = a.(k) in
  x + y + z

let[@inline never] mixed (a : int array) (s : string) (b : Bytes.t) i =
  let x = a.(i) in
  let c = s.[i] in
  Bytes.set b i c;
  x + Char.code (Bytes.get b i)

(* One check outside the try, one inside: the inner one is caught here,
   the outer one escapes. *)
let[@inline never] inner (a : int array) i j =
  let x = a.(i) in
  let y = try a.(j) with Invalid_argument _ -> -100 in
  x + y

let[@inline never] loop_sum (a : int array) n =
  let s = ref 0 in
  for i = 0 to n do
    s := !s + a.(i) + a.(n - i)
  done;
  !s

let attempt name f =
  Buffer.clear trace;
  match f () with
  | v -> Printf.printf "%s = %d [%s]\n" name v (Buffer.contents trace)
  | exception Invalid_argument m ->
    Printf.printf "%s: Invalid_argument %S [%s]\n" name m (Buffer.contents trace)

let () =
  let a = [| 10; 20; 30 |] in
  attempt "get3 ok" (fun () -> get3 a 0 1 2);
  attempt "get3 i" (fun () -> get3 a 3 1 2);
  attempt "get3 j" (fun () -> get3 a 0 (-1) 2);
  attempt "get3 k" (fun () -> get3 a 0 1 max_int);
  attempt "mixed ok" (fun () -> mixed a "xyz" (Bytes.make 3 ' ') 1);
  attempt "mixed s" (fun () -> mixed a "x" (Bytes.make 3 ' ') 2);
  attempt "mixed b" (fun () -> mixed a "xyz" (Bytes.make 1 ' ') 2);
  attempt "inner ok" (fun () -> inner a 0 1);
  attempt "inner j" (fun () -> inner a 0 5);
  attempt "inner i" (fun () -> inner a 5 0);
  attempt "loop ok" (fun () -> loop_sum a 2);
  attempt "loop far" (fun () -> loop_sum a 3);
  (* The exception raised is an ordinary Invalid_argument. *)
  (match get3 a 9 9 9 with
   | _ -> ()
   | exception (Invalid_argument _ as e) -> print_endline (Printexc.to_string e));
  a.(7) <- 1
