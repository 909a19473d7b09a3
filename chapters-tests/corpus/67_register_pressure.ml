(* many simultaneously live values (ints, floats, boxed int64, pointers) across calls and allocations: spilling, and GC roots in spilled slots; results checked by recomputation *)
let opaque x = if x = min_int then x + 1 else x
let alloc n = List.init n (fun i -> i)

let pressure seed =
  let a = opaque (seed + 1) and b = opaque (seed + 2) and c = opaque (seed + 3) and d = opaque (seed + 4) in
  let e = opaque (seed + 5) and f = opaque (seed + 6) and g = opaque (seed + 7) and h = opaque (seed + 8) in
  let i = opaque (seed + 9) and j = opaque (seed + 10) and k = opaque (seed + 11) and l = opaque (seed + 12) in
  let m = opaque (seed + 13) and n = opaque (seed + 14) and o = opaque (seed + 15) and p = opaque (seed + 16) in
  let l1 = alloc (a mod 7) and l2 = alloc (b mod 5) and s1 = string_of_int c and s2 = String.make (d mod 4) 'x' in
  let fa = float a *. 1.5 and fb = float b /. 4.0 and fc = float c +. 0.25 and fd = sqrt (float d) in
  let fe = float e *. fa and ff = fb -. fc and fg = fd *. fd and fh = fa +. fb +. fc in
  let x64 = Int64.of_int (e * f) and y64 = Int64.mul (Int64.of_int g) 1000000007L in
  let garbage = alloc 50 in
  let total = a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p in
  let mid = List.length l1 + List.length l2 + String.length s1 + String.length s2 + List.length garbage in
  let ftotal = fa +. fb +. fc +. fd +. fe +. ff +. fg +. fh in
  let ext = Int64.to_string (Int64.add x64 y64) in
  let again = alloc 10 in
  (total * mid + List.length again + a * p - b * o + c * n - d * m + e * l - f * k + g * j - h * i, ftotal, ext, s1 ^ s2)

let rec chain n acc =
  if n = 0 then acc
  else
    let (t, f, s, s2) = pressure n in
    let (t', f', _, _) = pressure (n + 1) in
    chain (n - 1) (acc + t + t' + int_of_float (f +. f') + String.length s + String.length s2)

let () =
  let (t, f, s, s2) = pressure 0 in
  print_int t; print_char ' '; print_float f; print_char ' '; print_string s; print_char ' '; print_string s2; print_newline ();
  let (t, f, s, s2) = pressure 1000 in
  print_int t; print_char ' '; print_float f; print_char ' '; print_string s; print_char ' '; print_string s2; print_newline ();
  print_int (chain 2000 0); print_newline ();
  let floats = Array.init 10 (fun i -> float i) in
  let f0 = floats.(0) and f1 = floats.(1) and f2 = floats.(2) and f3 = floats.(3) and f4 = floats.(4) in
  let f5 = floats.(5) and f6 = floats.(6) and f7 = floats.(7) and f8 = floats.(8) and f9 = floats.(9) in
  let r = ref 0.0 in
  for k = 1 to 1000 do
    let junk = alloc 3 in
    r := !r +. f0 +. f1 *. 2.0 +. f2 *. 3.0 +. f3 *. 4.0 +. f4 *. 5.0 +. f5 *. 6.0 +. f6 *. 7.0 +. f7 *. 8.0 +. f8 *. 9.0 +. f9 *. 10.0 +. float (List.length junk + k)
  done;
  print_float !r; print_newline ()
