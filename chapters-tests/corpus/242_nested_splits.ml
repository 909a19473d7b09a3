(* Fields of split fields (chapter "Unboxing"): blocks inside blocks
   carried around loops are split level by level, up to a bound; deeper
   ones, and ones that escape, stay whole. *)

let rec walk n ((x, y), k) =
  if n = 0 then x +. y +. float k else walk (n - 1) ((y *. 0.5, x +. 1.0), k + 1)

(* Four levels: deeper than the bound. *)
let rec deep n (((a, b), c), d) =
  if n = 0 then a + b + c + d else deep (n - 1) (((b, a + 1), c + a), d + 1)

(* An option of a pair. *)
let rec opt n acc o =
  match o with
  | None -> acc
  | Some (p, q) -> if n = 0 then acc + p + q else opt (n - 1) (acc + p) (if q > 5 then None else Some (q, p + 1))

(* The inner pair escapes at the end. *)
let last = ref (0, 0)

let rec keep n (inner, k) =
  if n = 0 then (last := inner; k) else keep (n - 1) ((snd inner, fst inner + k), k + 1)

(* Physical equality of an inner block that is passed around unchanged. *)
let shared = (1, 2)

let rec same n (inner, k) = if n = 0 then inner == shared && k = 10 else same (n - 1) (inner, k + 1)

let () =
  Printf.printf "%.3f\n" (walk 1000 ((1.0, 2.0), 0));
  Printf.printf "%d\n" (deep 1000 (((1, 2), 3), 4));
  Printf.printf "%d %d\n" (opt 100 0 (Some (1, 2))) (opt 2 0 (Some (1, 2)));
  let k = keep 50 ((1, 2), 0) in
  Printf.printf "%d %d %d\n" k (fst !last) (snd !last);
  Printf.printf "%b\n" (same 10 (shared, 0))
