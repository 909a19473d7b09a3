(* Integer expressions the CPS interpreter evaluates as trees: chains of
   int64, int32 and nativeint operations whose intermediate results are
   read once, boxes of such chains, tagged arithmetic that wraps, integer
   conversions inside float expressions, and float comparisons whose
   result an integer expression reads. *)

let mix64 x =
  let x = Int64.logxor x (Int64.shift_right_logical x 33) in
  let x = Int64.mul x 0xff51afd7ed558ccdL in
  let x = Int64.logxor x (Int64.shift_right_logical x 33) in
  Int64.logor (Int64.shift_left x 3) (Int64.shift_right x 61)

let mix32 x =
  let x = Int32.mul (Int32.logxor x (Int32.shift_right_logical x 16)) 0x45d9f3bl in
  Int32.add (Int32.shift_left x 5) (Int32.neg (Int32.shift_right x 7))

let native n = Nativeint.sub (Nativeint.mul n 6364136223846793005n) (Nativeint.logand n 0xffn)

let tri i j = 1.0 /. float_of_int ((i + j) * (i + j + 1) / 2 + i + 1)

let () =
  let h = ref 0x1234_5678_9abc_def0L and s = ref 7l and n = ref 3n in
  for i = 1 to 1000 do
    h := mix64 (Int64.add !h (Int64.of_int i));
    s := mix32 (Int32.add !s (Int32.of_int i));
    n := native (Nativeint.add !n (Nativeint.of_int i))
  done;
  Printf.printf "%Ld %ld %nd\n" !h !s !n;
  (* Tagged arithmetic wraps at 63 bits. *)
  let w = ref max_int in
  for _ = 1 to 3 do w := (!w + 1) * 3 - (!w lsl 2) done;
  Printf.printf "%d %d\n" !w (min_int - 1 + (max_int lsr 1));
  (* Conversions between integer kinds in a chain. *)
  let c = Int64.to_int32 (Int64.add (Int64.of_int32 Int32.max_int) 1L) in
  Printf.printf "%ld %d %Ld\n" c (Int32.to_int c + 1) (Int64.neg Int64.min_int);
  (* An integer expression inside a float one. *)
  let t = ref 0.0 in
  for i = 0 to 20 do for j = 0 to 20 do t := !t +. tri i j done done;
  Printf.printf "%.12f\n" !t;
  (* Float comparisons read by integer code, nan included. *)
  let count = ref 0 in
  List.iter
    (fun (a, b) ->
      count := !count + (if a < b then 1 else 0) + (if a = b then 10 else 0) + (if a <> b then 100 else 0))
    [ (1.0, 2.0); (nan, 1.0); (nan, nan); (2.0, 2.0); (-0.0, 0.0) ];
  Printf.printf "%d\n" !count;
  (* Division and remainder in a chain, and a zero divisor. *)
  let q a b = (a * 7 + 3) / b + (a mod b) * 2 in
  Printf.printf "%d %d %d\n" (q 100 7) (q (-100) 7) (q min_int (-1));
  (try Printf.printf "%d\n" (q 1 0) with Division_by_zero -> print_endline "Division_by_zero");
  (try Printf.printf "%Ld\n" (Int64.div (Int64.mul !h 3L) (Int64.sub !h !h))
   with Division_by_zero -> print_endline "Division_by_zero (int64)")
