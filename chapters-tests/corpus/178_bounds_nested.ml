(* Nested loops whose inner loop starts at the outer index: the checks
   that the loops prove, and the ones that must stay and fail. *)

let[@inline never] pairs (a : int array) =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i to Array.length a - 1 do
      s := !s + a.(i) * a.(j)
    done
  done;
  !s

let[@inline never] triangle (a : int array) =
  let n = Array.length a in
  let s = ref 0 in
  for i = 0 to n - 1 do
    for j = i + 1 to n - 1 do
      if a.(j) < a.(i) then incr s
    done
  done;
  !s

let[@inline never] down (a : int array) =
  let s = ref 0 in
  for i = Array.length a - 1 downto 0 do
    for j = i downto 0 do
      s := !s + a.(j)
    done
  done;
  !s

(* One too far: the outer loop reaches the length. *)
let[@inline never] far_outer (a : int array) =
  let s = ref 0 in
  for i = 0 to Array.length a do
    for j = i to Array.length a - 1 do
      s := !s + a.(j)
    done;
    s := !s + a.(i)
  done;
  !s

(* One too low: the inner loop starts before the outer index's start. *)
let[@inline never] low_inner (a : int array) =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i - 1 to Array.length a - 1 do
      s := !s + a.(j)
    done
  done;
  !s

(* The inner loop over another array's length. *)
let[@inline never] other (a : int array) (b : int array) =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i to Array.length b - 1 do
      s := !s + a.(j)
    done
  done;
  !s

(* The outer start from a parameter, maybe negative. *)
let[@inline never] from (a : int array) lo =
  let s = ref 0 in
  for i = lo to Array.length a - 1 do
    for j = i to Array.length a - 1 do
      s := !s + a.(j)
    done
  done;
  !s

let[@inline never] matrix n =
  let m = Array.make_matrix n n 0 in
  for i = 0 to n - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      m.(i).(j) <- i * j
    done
  done;
  let s = ref 0 in
  for i = 0 to n - 1 do
    for j = i to n - 1 do
      s := !s + m.(i).(j)
    done
  done;
  !s

let attempt name f =
  match f () with
  | v -> Printf.printf "%s = %d\n" name v
  | exception Invalid_argument m -> Printf.printf "%s: Invalid_argument %S\n" name m

let () =
  let a = [| 3; 1; 4; 1; 5; 9; 2; 6 |] in
  attempt "pairs" (fun () -> pairs a);
  attempt "pairs empty" (fun () -> pairs [||]);
  attempt "triangle" (fun () -> triangle a);
  attempt "down" (fun () -> down a);
  attempt "far_outer" (fun () -> far_outer a);
  attempt "low_inner" (fun () -> low_inner a);
  attempt "other shorter" (fun () -> other a [| 0; 0 |]);
  attempt "other longer" (fun () -> other a (Array.make 10 0));
  attempt "from 2" (fun () -> from a 2);
  attempt "from -1" (fun () -> from a (-1));
  attempt "from max_int" (fun () -> from a max_int);
  attempt "matrix" (fun () -> matrix 6)
