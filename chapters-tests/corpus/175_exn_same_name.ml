(* Local raises whose handler's match Simplify can decide (x == x), and
   raises it must not decide: other exceptions through the same handler,
   local exceptions of other calls, physical equality of floats. *)

exception Found of int

let[@inline never] first_negative (a : int array) =
  try
    for i = 0 to Array.length a - 1 do
      if a.(i) < 0 then raise (Found i)
    done;
    -1
  with Found i -> i

(* The same handler also catches a failed bounds check, which is not a
   Found and must leave the function. *)
let[@inline never] probe (a : int array) n =
  try
    for i = 0 to n do
      if a.(i) < 0 then raise (Found i)
    done;
    -1
  with Found i -> i

let[@inline never] mem_exit (a : int array) x =
  try
    Array.iter (fun y -> if y = x then raise Exit) a;
    false
  with Exit -> true

let[@inline never] look x =
  try if x < 0 then raise Not_found else x
  with Not_found -> 0

(* Two exceptions to one handler: only one is caught. *)
let[@inline never] two x =
  try
    if x < 0 then raise Not_found
    else if x = 0 then raise Exit
    else x
  with Not_found -> -1

(* Each call makes its own E: the one raised by the inner call is not the
   outer call's, so no handler on the way catches it. *)
let rec depth n =
  let exception E of int in
  if n = 0 then raise (E 0)
  else try depth (n - 1) with E k -> k + 1

(* A local exception caught in the same call. *)
let[@inline never] local_catch n =
  let exception E of int in
  try if n > 3 then raise (E (n * 2)) else n with E k -> k + 1

(* Physical equality of one name with itself is true even for a NaN; of
   two names, it is not decided at compile time. *)
let[@inline never] same (x : float) = x == x
let[@inline never] phys (x : float) (y : float) = x == y
let[@inline never] nsame (x : 'a) = x != x

let () =
  Printf.printf "%d %d\n" (first_negative [| 1; 2; -3 |]) (first_negative [| 1 |]);
  Printf.printf "%d\n" (probe [| 1; -2; 3 |] 2);
  (match probe [| 1; 2 |] 5 with
   | n -> Printf.printf "probe %d\n" n
   | exception Invalid_argument s -> Printf.printf "Invalid_argument %s\n" s);
  Printf.printf "%b %b\n" (mem_exit [| 1; 2 |] 2) (mem_exit [| 1; 2 |] 3);
  Printf.printf "%d %d\n" (look 5) (look (-5));
  Printf.printf "%d %d\n" (two (-1)) (two 4);
  (match two 0 with
   | n -> Printf.printf "two %d\n" n
   | exception Exit -> print_endline "Exit escaped");
  (match depth 5 with
   | n -> Printf.printf "depth %d\n" n
   | exception _ -> print_endline "the innermost E escaped");
  Printf.printf "%d %d\n" (local_catch 2) (local_catch 10);
  Printf.printf "%b %b %b\n" (same nan) (same 1.5) (nsame "s");
  let x = 1.5 in
  Printf.printf "%b %b\n" (phys x x) (phys x (x +. 1.0));
  let r = ref 0 in
  for i = 0 to 1000 do
    r := !r + first_negative [| i; -i; 0 |] + local_catch (i land 7)
  done;
  Printf.printf "%d\n" !r
