(* Rows of a matrix, `m.(i).(j)` with `j` bounded by `Array.length m.(i)`:
   the row is loaded once when nothing between the loads can replace it,
   and the checks that must stay fail at the edges (index = length, -1,
   empty rows, empty matrices, rows replaced inside the loop). *)

let[@inline never] total (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      s := !s + m.(i).(j)
    done
  done;
  !s

(* Writes into the rows: an int store cannot replace a row. *)
let[@inline never] scale (m : int array array) k =
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      m.(i).(j) <- m.(i).(j) * k
    done
  done

(* Float rows. *)
let[@inline never] ftotal (m : float array array) =
  let s = ref 0. in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      s := !s +. m.(i).(j)
    done
  done;
  int_of_float !s

(* The row is replaced by a shorter one inside the inner loop: the second
   load sees the new row, and its check must fail. *)
let[@inline never] shrink (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      if j = 1 then m.(i) <- [| 100 |];
      s := !s + m.(i).(j)
    done
  done;
  !s

(* The same through a function the loop calls. *)
let[@inline never] replace (m : int array array) i = m.(i) <- [||]

let[@inline never] shrink_call (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      if j = 1 then replace m i;
      s := !s + m.(i).(j)
    done
  done;
  !s

(* Another matrix is written: it may be the same one. *)
let[@inline never] alias (m : int array array) (other : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      other.(i) <- [| j |];
      s := !s + m.(i).(j)
    done
  done;
  !s

(* The inner bound from the first row: fails on a shorter row. *)
let[@inline never] first_row (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(0) - 1 do
      s := !s + m.(i).(j)
    done
  done;
  !s

(* One too far in the row, and one too low. *)
let[@inline never] row_too_far (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) do
      s := !s + m.(i).(j)
    done
  done;
  !s

let[@inline never] row_too_low (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = -1 to Array.length m.(i) - 1 do
      s := !s + m.(i).(j)
    done
  done;
  !s

(* The row of the next line: fails at the last line. *)
let[@inline never] next_row (m : int array array) =
  let s = ref 0 in
  for i = 0 to Array.length m - 1 do
    for j = 0 to Array.length m.(i) - 1 do
      s := !s + m.(i + 1).(j)
    done
  done;
  !s

let attempt name f =
  match f () with
  | v -> Printf.printf "%s = %d\n" name v
  | exception Invalid_argument m -> Printf.printf "%s: Invalid_argument %S\n" name m

let jagged () = [| [| 1; 2; 3 |]; [| 4 |]; [||]; [| 5; 6 |] |]
let square () = Array.make_matrix 3 3 7

let () =
  attempt "total jagged" (fun () -> total (jagged ()));
  attempt "total empty" (fun () -> total [||]);
  attempt "total empty rows" (fun () -> total [| [||]; [||] |]);
  attempt "scale" (fun () -> let m = jagged () in scale m 3; total m);
  attempt "ftotal" (fun () -> ftotal [| [| 1.5; 2.5 |]; [||]; [| 4. |] |]);
  attempt "shrink" (fun () -> shrink (jagged ()));
  attempt "shrink square" (fun () -> shrink (square ()));
  attempt "shrink_call" (fun () -> shrink_call (jagged ()));
  attempt "alias other" (fun () -> alias (jagged ()) (jagged ()));
  attempt "alias same" (fun () -> let m = jagged () in alias m m);
  attempt "first_row square" (fun () -> first_row (square ()));
  attempt "first_row jagged" (fun () -> first_row (jagged ()));
  attempt "first_row empty" (fun () -> first_row [||]);
  attempt "row_too_far" (fun () -> row_too_far (jagged ()));
  attempt "row_too_far empty" (fun () -> row_too_far [||]);
  attempt "row_too_low" (fun () -> row_too_low (square ()));
  attempt "next_row" (fun () -> next_row (square ()));
  attempt "next_row one" (fun () -> next_row [| [||] |])
