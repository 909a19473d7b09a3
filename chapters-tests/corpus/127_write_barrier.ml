(* The write barrier: a mutable field of an old block, updated to point at
   a young block, must keep it alive (and follow its move) across the
   minor collections that come after. `churn` allocates enough to fill
   the minor heap many times, so that whatever was allocated before it is
   old afterwards. *)

type cell = { mutable items : int list; id : int }

let churn n =
  let rec go i acc =
    if i = 0 then List.length acc
    else go (i - 1) (if i mod 1000 = 0 then [] else i :: acc)
  in
  go n []

let sum l = List.fold_left ( + ) 0 l

let () =
  let r = ref [] in
  let small = Array.make 10 [] in
  let big = Array.make 1000 [] in
  let c = { items = []; id = 1 } in
  ignore (churn 200_000);
  for round = 1 to 5 do
    r := [ round; round + 1 ];
    small.(round) <- [ round * 10 ];
    big.(round * 100) <- [ round * 100; round ];
    c.items <- List.init 3 (fun i -> i + round);
    ignore (churn 150_000);
    Printf.printf "round %d: ref %d, array %d, large array %d, record %d (%d)\n"
      round (sum !r) (sum small.(round)) (sum big.(round * 100)) (sum c.items)
      c.id
  done;
  let fresh = Array.init 20 (fun i -> [ i; i ]) in
  Array.blit fresh 0 big 500 20;
  Array.blit fresh 5 small 0 5;
  ignore (churn 200_000);
  let total = ref 0 in
  Array.iter (fun l -> total := !total + sum l) big;
  Array.iter (fun l -> total := !total + sum l) small;
  Printf.printf "after blit: %d\n" !total;
  let t = Hashtbl.create 16 in
  for i = 1 to 50_000 do
    Hashtbl.replace t (i mod 5000) (string_of_int i)
  done;
  ignore (churn 200_000);
  let len = Hashtbl.fold (fun _ v acc -> acc + String.length v) t 0 in
  Printf.printf "hashtbl: %d bindings, %d characters\n" (Hashtbl.length t) len;
  let q = Queue.create () in
  for i = 1 to 100_000 do
    Queue.add [ i ] q;
    if Queue.length q > 100 then ignore (Queue.pop q)
  done;
  ignore (churn 200_000);
  Printf.printf "queue: %d, first %d\n" (Queue.length q) (sum (Queue.peek q))
