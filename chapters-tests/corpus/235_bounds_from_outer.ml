(* Nested loops whose inner loop starts at the outer index
   (`for j = i to ...`): the checks the loops prove, at the edges of the
   arrays, beside the ones that must stay and fail at index = length or
   -1, and on empty arrays. *)

let[@inline never] pairs (a : int array) =
  let n = Array.length a in
  let s = ref 0 in
  for i = 0 to n - 1 do
    for j = i to n - 1 do
      s := !s + (a.(i) * a.(j))
    done
  done;
  !s

(* The same with the length read at each bound. *)
let[@inline never] pairs_len (a : int array) =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i to Array.length a - 1 do
      s := !s + a.(j) - a.(i)
    done
  done;
  !s

(* Writes at both indices: a selection sort. *)
let[@inline never] sort (a : int array) =
  let n = Array.length a in
  for i = 0 to n - 1 do
    for j = i to n - 1 do
      if a.(j) < a.(i) then begin
        let t = a.(i) in
        a.(i) <- a.(j);
        a.(j) <- t
      end
    done
  done

(* Three levels, each from the one above. *)
let[@inline never] triples (a : int array) =
  let n = Array.length a in
  let c = ref 0 in
  for i = 0 to n - 1 do
    for j = i to n - 1 do
      for k = j to n - 1 do
        if a.(i) + a.(j) + a.(k) = 0 then incr c
      done
    done
  done;
  !c

(* The outer loop reaches the length: the inner loop does not run for
   i = n, but the access after it does, and fails. *)
let[@inline never] outer_too_far (a : int array) =
  let n = Array.length a in
  let s = ref 0 in
  for i = 0 to n do
    for j = i to n - 1 do
      s := !s + a.(j)
    done;
    s := !s + a.(i)
  done;
  !s

(* The inner loop reaches the length. *)
let[@inline never] inner_too_far (a : int array) =
  let n = Array.length a in
  let s = ref 0 in
  for i = 0 to n - 1 do
    for j = i to n do
      s := !s + a.(j)
    done
  done;
  !s

(* The inner loop starts one below the outer index: -1 at i = 0. *)
let[@inline never] inner_too_low (a : int array) =
  let n = Array.length a in
  let s = ref 0 in
  for i = 0 to n - 1 do
    for j = i - 1 to n - 1 do
      s := !s + a.(j)
    done
  done;
  !s

(* The outer start is a parameter: negative, or the length. *)
let[@inline never] from (a : int array) lo =
  let n = Array.length a in
  let s = ref 0 in
  for i = lo to n - 1 do
    for j = i to n - 1 do
      s := !s + a.(j) + a.(i)
    done
  done;
  !s

(* The inner bound from another array. *)
let[@inline never] other (a : int array) (b : int array) =
  let s = ref 0 in
  for i = 0 to Array.length a - 1 do
    for j = i to Array.length b - 1 do
      s := !s + a.(j) + b.(i)
    done
  done;
  !s

(* Downwards, the inner loop from the outer index to 0, and one too low. *)
let[@inline never] down (a : int array) =
  let s = ref 0 in
  for i = Array.length a - 1 downto 0 do
    for j = i downto 0 do
      s := !s + a.(j) + a.(i)
    done
  done;
  !s

let[@inline never] down_too_low (a : int array) =
  let s = ref 0 in
  for i = Array.length a - 1 downto 0 do
    for j = i downto -1 do
      s := !s + a.(j)
    done
  done;
  !s

let attempt name f =
  match f () with
  | v -> Printf.printf "%s = %d\n" name v
  | exception Invalid_argument m -> Printf.printf "%s: Invalid_argument %S\n" name m

let () =
  let a = [| 3; -1; 4; -1; 5; -9; 2; 6 |] in
  attempt "pairs" (fun () -> pairs a);
  attempt "pairs empty" (fun () -> pairs [||]);
  attempt "pairs one" (fun () -> pairs [| 7 |]);
  attempt "pairs_len" (fun () -> pairs_len a);
  attempt "pairs_len empty" (fun () -> pairs_len [||]);
  let b = Array.copy a in
  attempt "sort" (fun () -> sort b; Array.fold_left (fun s x -> (s * 10) + x) 0 b);
  attempt "sort empty" (fun () -> sort [||]; 0);
  attempt "triples" (fun () -> triples a);
  attempt "triples empty" (fun () -> triples [||]);
  attempt "outer_too_far" (fun () -> outer_too_far a);
  attempt "outer_too_far empty" (fun () -> outer_too_far [||]);
  attempt "inner_too_far" (fun () -> inner_too_far a);
  attempt "inner_too_far empty" (fun () -> inner_too_far [||]);
  attempt "inner_too_low" (fun () -> inner_too_low a);
  attempt "inner_too_low empty" (fun () -> inner_too_low [||]);
  attempt "from 3" (fun () -> from a 3);
  attempt "from n" (fun () -> from a (Array.length a));
  attempt "from n-1" (fun () -> from a (Array.length a - 1));
  attempt "from -1" (fun () -> from a (-1));
  attempt "from min_int" (fun () -> from a min_int);
  attempt "from max_int" (fun () -> from a max_int);
  attempt "other same" (fun () -> other a (Array.make 8 1));
  attempt "other shorter" (fun () -> other a [| 1; 2 |]);
  attempt "other longer" (fun () -> other a (Array.make 9 1));
  attempt "other empty" (fun () -> other [||] a);
  attempt "down" (fun () -> down a);
  attempt "down empty" (fun () -> down [||]);
  attempt "down_too_low" (fun () -> down_too_low a)
