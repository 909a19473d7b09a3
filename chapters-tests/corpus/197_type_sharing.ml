(* Types are graphs with sharing. Each f_i doubles the size of its
   result's type written as a tree (f18's result has 2^19 leaves), but
   the graph of f_i has one more node than f_(i-1)'s: a type checker that
   keeps the sharing when it generalises and instantiates types stays
   linear on this program. The signature is small: the chain is local. *)

let depth =
  let f0 x = (x, x) in
  let f1 x = f0 (f0 x) in
  let f2 x = f0 (f1 x) in
  let f3 x = f0 (f2 x) in
  let f4 x = f0 (f3 x) in
  let f5 x = f0 (f4 x) in
  let f6 x = f0 (f5 x) in
  let f7 x = f0 (f6 x) in
  let f8 x = f0 (f7 x) in
  let f9 x = f0 (f8 x) in
  let f10 x = f0 (f9 x) in
  let f11 x = f0 (f10 x) in
  let f12 x = f0 (f11 x) in
  let f13 x = f0 (f12 x) in
  let f14 x = f0 (f13 x) in
  let f15 x = f0 (f14 x) in
  let f16 x = f0 (f15 x) in
  let f17 x = f0 (f16 x) in
  let f18 x = f0 (f17 x) in
  (* Two instances of f18 at different types: each copies the graph once. *)
  let (((((_, a), _), _), _), _) = f18 1 in
  let (((((b, _), _), _), _), _) = f18 "s" in
  ignore a;
  ignore b;
  18

let () = Printf.printf "%d\n" depth
