(* Number trees computed by closures: every kind of node, with the cases
   where a closure gives way to the general path *)
type v = { mutable x : float; y : float }

let[@inline never] mix a b = ((a * 31) + b) lxor (a lsr 3) - (b asr 1)
let[@inline never] wrap a = (a * max_int) + 1
let[@inline never] h64 x =
  Int64.(logxor (mul x 1099511628211L) (shift_right_logical x 7))
let[@inline never] lt64 a b = Int64.(compare (add a 1L) (sub b 1L)) < 0
let[@inline never] step v k =
  v.x <- (v.x *. v.y) +. (float_of_int k /. 3.0) -. (-. v.y);
  v.x < v.y *. 1000.0
let[@inline never] nan_cmp a = a < nan || a <> nan
let[@inline never] i32 a = Int32.(add (mul a 7l) (shift_left a 30))
let[@inline never] native a = Nativeint.(logor (mul a 3n) (neg a))
let[@inline never] div a b = (a * 3) / (b - 2) + (a mod (b + 1))

let () =
  let v = { x = 1.5; y = 2.0 } in
  for k = 0 to 12 do
    print_int (mix k (k * k)); print_char ' ';
    print_int (wrap k); print_char ' ';
    print_string (Int64.to_string (h64 (Int64.of_int (k - 6)))); print_char ' ';
    print_string (if lt64 (Int64.of_int k) 5L then "< " else ">= ");
    print_string (if step v k then "lt " else "ge ");
    print_string (if nan_cmp (float k) then "t " else "f ");
    print_string (Int32.to_string (i32 (Int32.of_int k))); print_char ' ';
    print_string (Nativeint.to_string (native (Nativeint.of_int k))); print_char ' ';
    print_int (try div k k with Division_by_zero -> -1);
    print_newline ()
  done;
  print_float v.x; print_newline ();
  print_int (abs (int_of_float (-. v.x /. 1e30)) land 0xff); print_newline ()
