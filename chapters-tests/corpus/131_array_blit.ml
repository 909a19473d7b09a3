(* Array.blit in every case the runtime tells apart: flat float arrays,
   young and old destinations (the write barrier), overlapping ranges in
   both directions, empty blits, and the bounds checks. *)
let show_ints a = Array.iter (fun x -> print_int x; print_char ' ') a; print_newline ()
let show_floats a = Array.iter (fun x -> print_float x; print_char ' ') a; print_newline ()

let () =
  let a = Array.init 10 (fun i -> i) in
  Array.blit a 0 a 3 5; show_ints a;
  let a = Array.init 10 (fun i -> i) in
  Array.blit a 4 a 1 6; show_ints a;
  let f = Array.init 6 (fun i -> float_of_int i *. 1.5) in
  Array.blit f 0 f 2 4; show_floats f;
  Array.blit f 3 f 0 3; show_floats f;
  let g = Array.make 4 0.25 in
  Array.blit f 1 g 0 4; show_floats g;
  Array.blit a 0 a 0 0; Array.blit [||] 0 a 10 0; show_ints a

(* An old array receives young strings: each must survive the next minor
   collection through the remembered set. *)
let () =
  let old = Array.make 8 "old" in
  Gc.full_major ();
  let young = Array.init 8 (fun i -> String.make (i + 1) (Char.chr (97 + i))) in
  Array.blit young 2 old 1 5;
  Array.blit old 1 old 3 5;
  Gc.minor ();
  ignore (Array.init 100_000 (fun i -> Some i));
  Gc.full_major ();
  Array.iter (fun s -> print_string s; print_char ' ') old; print_newline ()

(* Lists in an old array, shifted left over themselves while young lists
   are built around them. *)
let () =
  let old = Array.init 6 (fun i -> [i]) in
  Gc.full_major ();
  for round = 1 to 3 do
    let fresh = Array.init 6 (fun i -> List.init (round + i) (fun j -> j * round)) in
    Array.blit fresh 0 old 0 3;
    Array.blit old 1 old 0 5;
    Gc.minor ()
  done;
  Array.iter (fun l -> print_int (List.fold_left ( + ) 0 l); print_char ' ') old;
  print_newline ()

let () =
  let a = Array.make 3 1 and b = Array.make 5 2 in
  let try_blit name f =
    match f () with
    | () -> print_endline (name ^ ": ok")
    | exception Invalid_argument m -> print_endline (name ^ ": " ^ m)
  in
  try_blit "fits" (fun () -> Array.blit a 0 b 2 3);
  try_blit "too long" (fun () -> Array.blit a 0 b 3 3);
  try_blit "negative length" (fun () -> Array.blit a 0 b 0 (-1));
  try_blit "negative offset" (fun () -> Array.blit a (-1) b 0 1);
  try_blit "source past end" (fun () -> Array.blit a 2 b 0 2);
  show_ints b;
  show_ints (Array.append a b);
  show_ints (Array.concat [a; [||]; b; a]);
  show_ints (Array.sub b 1 3)
