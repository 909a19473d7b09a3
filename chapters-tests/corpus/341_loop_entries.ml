(* Loops whose entries open the boxes they pass (chapter "Unboxing"):
   a float pair carried and returned, an int64 accumulator returned boxed,
   a polymorphic loop over an array that may be flat, and a loop whose
   float leaves it on one path and is stored on another. *)

let pair n =
  let rec loop i x y = if i = 0 then (x, y) else loop (i - 1) (y +. 1.0) (x *. 0.5) in
  loop n 1.0 2.0

let[@inline never] sum64 n (init : int64) =
  let rec go i acc = if i > n then acc else go (i + 1) (Int64.add acc (Int64.of_int i)) in
  go 1 init

let[@inline never] last_or (a : 'a array) (x0 : 'a) =
  let n = Array.length a in
  let rec go i x = if i >= n then x else go (i + 1) a.(i) in
  go 0 x0

let[@inline never] halves (cells : float list ref) x0 =
  let rec go i x =
    if i = 0 then x
    else begin
      if i mod 3 = 0 then cells := x :: !cells;
      go (i - 1) (x /. 2.0)
    end
  in
  go 7 x0

let () =
  let (a, b) = pair 1001 in
  Printf.printf "%f %f\n" a b;
  Printf.printf "%Ld %Ld\n" (sum64 100 0L) (sum64 0 42L);
  print_float (last_or [| 1.5; 2.5 |] 0.5); print_newline ();
  print_float (last_or [||] 0.5); print_newline ();
  print_int (last_or [| 1; 2 |] 7); print_newline ();
  print_int (last_or [||] 7); print_newline ();
  print_string (last_or [||] "s"); print_newline ();
  let cells = ref [] in
  let r = halves cells 100.0 in
  Printf.printf "%g [%s]\n" r (String.concat "; " (List.map string_of_float !cells))
