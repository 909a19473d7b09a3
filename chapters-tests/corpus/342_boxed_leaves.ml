(* Trees of int64, int32 and nativeint arithmetic, computed on naked numbers
   by the Lambda interpreter's leaves; refs assigned in loops; shifts,
   comparisons, wrap-around, and division by zero inside a tree. *)
let k64 = 0x9E3779B97F4A7C15L
let k32 = 0x7FFFFFFFl

let mix64 h x =
  let h = ref h and v = ref x in
  for _ = 1 to 8 do
    h := Int64.mul (Int64.logxor !h (Int64.logand !v 255L)) k64;
    v := Int64.shift_right_logical !v 8
  done;
  Int64.add !h (Int64.shift_right !h 17)

let mix32 h x =
  let h = ref h in
  for i = 0 to 5 do
    h := Int32.add (Int32.mul !h 31l) (Int32.logor x (Int32.of_int i));
    h := Int32.logxor !h (Int32.shift_left !h 3)
  done;
  Int32.sub !h k32

let native n =
  let acc = ref 1n in
  for i = 1 to n do
    acc := Nativeint.add (Nativeint.mul !acc 6364136223846793005n) (Nativeint.of_int i)
  done;
  !acc

let safe_div a b = try Int64.div (Int64.add a 1L) (Int64.sub b b) with Division_by_zero -> -1L
let safe_rem a b = try Int32.rem (Int32.mul a 3l) (Int32.logand b 0l) with Division_by_zero -> -2l

let () =
  let h = ref 0L and s = ref 0l in
  for i = 1 to 1000 do
    h := mix64 !h (Int64.of_int (i * 7919));
    s := mix32 !s (Int32.of_int i)
  done;
  Printf.printf "%Ld %ld %nd\n" !h !s (native 1000);
  Printf.printf "%Ld %ld\n" (safe_div 5L 3L) (safe_rem 7l 2l);
  Printf.printf "%Ld %Ld\n" (Int64.add Int64.max_int 1L) (Int64.mul Int64.min_int (-1L));
  Printf.printf "%ld %ld\n" (Int32.add Int32.max_int 1l) (Int32.shift_left 1l 31);
  let cmp a b = (Int64.compare a b, a < b, Int64.equal (Int64.logor a 0L) b) in
  let (c, lt, eq) = cmp (Int64.sub 3L 5L) (Int64.neg 2L) in
  Printf.printf "%d %b %b\n" c lt eq;
  Printf.printf "%Ld\n" (Int64.div (Int64.rem 1000003L 97L) (Int64.shift_right (-256L) 4))
