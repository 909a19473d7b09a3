(* OCaml's Gc module: collections on demand and the statistics, used the
   way programs use them, with an output that does not depend on exact
   counts (which differ between any two collectors). *)

let count = ref 0

(* Allocates nothing: a loop over a reference the compiler keeps in a
   register. *)
let sum_to n =
  let s = ref 0 in
  for i = 1 to n do s := !s + i done;
  !s

let () =
  let w = Gc.minor_words () in
  for i = 1 to 1000 do
    if i = 0 then print_string "never"
  done;
  let w' = Gc.minor_words () in
  Printf.printf "nothing allocated: %b\n" (w' -. w = 0.);
  Printf.printf "sum %d\n" (sum_to 1000);
  (* Allocating a list of 1000 cells counts at least 3000 words. *)
  let w = Gc.minor_words () in
  let l = List.init 1000 (fun i -> i) in
  let w' = Gc.minor_words () in
  Printf.printf "length %d, counted: %b\n" (List.length l) (w' -. w >= 0.);
  (* Each collection asked for is one more. *)
  let before = Gc.quick_stat () in
  Gc.minor ();
  Gc.major ();
  Gc.full_major ();
  Gc.compact ();
  let after = Gc.quick_stat () in
  Printf.printf "more minor collections: %b\n"
    (after.Gc.minor_collections > before.Gc.minor_collections);
  Printf.printf "more major collections: %b\n"
    (after.Gc.major_collections > before.Gc.major_collections);
  Printf.printf "forced: %b, compacted: %b\n"
    (after.Gc.forced_major_collections >= before.Gc.forced_major_collections + 2)
    (after.Gc.compactions >= before.Gc.compactions + 1);
  (* The counters agree with each other. *)
  let (minor, promoted, major) = Gc.counters () in
  Printf.printf "counters sane: %b\n"
    (minor >= 0. && promoted >= 0. && major >= promoted);
  let st = Gc.stat () in
  Printf.printf "stat sane: %b\n"
    (st.Gc.live_words >= 0 && st.Gc.free_words >= 0 && st.Gc.heap_words >= 0
     && st.Gc.top_heap_words >= st.Gc.heap_words && st.Gc.stack_size >= 0);
  let q = Gc.quick_stat () in
  Printf.printf "quick_stat leaves the census at 0: %b\n"
    (q.Gc.live_words = 0 && q.Gc.live_blocks = 0 && q.Gc.free_blocks = 0
     && q.Gc.largest_free = 0 && q.Gc.fragments = 0);
  (* Gc functions are values like any other. *)
  List.iter (fun f -> f (); incr count) [Gc.minor; Gc.full_major];
  Printf.printf "called %d\n" !count;
  ignore (List.length l)
