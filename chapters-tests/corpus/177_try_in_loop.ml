(* A try inside a loop: pushed and popped at every turn, whether the body
   returns, raises to this handler, or raises past it. *)

let[@inline never] f x = if x mod 7 = 0 then raise Not_found else x
let[@inline never] g x = if x mod 5 = 0 then raise Exit else f x

let[@inline never] count n =
  let c = ref 0 in
  for i = 1 to n do
    c := !c + (try f i with Not_found -> 0)
  done;
  !c

(* The inner try catches Not_found only: Exit goes to the outer one, in
   the same turn, which must leave the trap stack as it was. *)
let[@inline never] nested n =
  let c = ref 0 and exits = ref 0 in
  for i = 1 to n do
    try c := !c + (try g i with Not_found -> -1)
    with Exit -> incr exits
  done;
  (!c, !exits)

(* The exception escapes the loop at some turn: every trap pushed before
   must have been popped. *)
let[@inline never] until_exit n =
  let c = ref 0 in
  for i = 1 to n do
    c := !c + (try g i with Not_found -> 0)
  done;
  !c

let[@inline never] rec deep n acc =
  if n = 0 then acc
  else deep (n - 1) (acc + (try f n with Not_found -> 1000))

let () =
  Printf.printf "%d\n" (count 100);
  let c, e = nested 100 in
  Printf.printf "%d %d\n" c e;
  (match until_exit 100 with
   | c -> Printf.printf "no exit %d\n" c
   | exception Exit -> print_endline "Exit at 5");
  Printf.printf "%d\n" (deep 10000 0);
  let total = ref 0 in
  for _ = 1 to 1000 do total := !total + count 50 done;
  Printf.printf "%d\n" !total
