#!/usr/bin/env python3
"""Writes a large, valid program of the Flambeau subset (about N lines) to
stdout: the input of the compile-time benchmarks (front end < 0.1 s, whole
build < 1 s for 10,000 lines). Deterministic: the same N gives the same file.

    python3 bench/gen_large.py 10000 > /tmp/large.ml
"""
import sys

def unit(i):
    return f"""type shape{i} = Circle{i} of float | Rect{i} of float * float | Dot{i}
type point{i} = {{ x{i} : int; mutable y{i} : int }}

let area{i} s =
  match s with
  | Circle{i} r -> 3.14159 *. r *. r
  | Rect{i} (w, h) -> w *. h
  | Dot{i} -> 0.0

let rec sum{i} acc = function
  | [] -> acc
  | x :: rest -> sum{i} (acc + x) rest

let move{i} p dx =
  p.y{i} <- p.y{i} + dx;
  {{ p with x{i} = p.x{i} + dx }}

let classify{i} n =
  if n < 0 then "negative"
  else if n = 0 then "zero"
  else if n mod 2 = 0 then "even"
  else "odd"

let table{i} = Array.init 8 (fun k -> k * {i} + 1)

let fold{i} xs = List.fold_left (fun acc x -> acc + x * {i}) 0 xs

let try{i} k =
  try
    if k > {i} then raise Not_found else k + 1
  with Not_found -> -1

let () =
  let p = {{ x{i} = {i}; y{i} = 0 }} in
  let q = move{i} p 3 in
  let total = sum{i} 0 [1; 2; 3; q.x{i}] + fold{i} [4; 5] + try{i} 7 in
  if total = -12345 then print_string (classify{i} total);
  ignore (area{i} (Rect{i} (2.0, float_of_int table{i}.(3))))

"""

def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    per_unit = unit(0).count("\n")
    out = []
    for i in range(max(1, lines // per_unit)):
        out.append(unit(i))
    out.append('let () = print_endline "done"\n')
    sys.stdout.write("".join(out))

main()
