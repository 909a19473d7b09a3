(* Closed functions take no closure: direct calls pass none, calls through
   the closure (caml_applyN, currying, known arity) still pass it, past the
   argument registers too *)
let main () =
  let add3 a b c = a + b + c in
  let sum13 a b c d e f g h i j k l m =
    a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j
    + 11 * k + 12 * l + 13 * m
  in
  let sum11 a b c d e f g h i j k = sum13 a b c d e f g h i j k 0 0 in
  let rec count13 n a b c d e f g h i j k l =
    if n = 0 then a + b + c + d + e + f + g + h + i + j + k + l
    else count13 (n - 1) b c d e f g h i j k l a
  in
  let fsum x y = x +. y in
  let apply13 (f : int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int) =
    f 1 2 3 4 5 6 7 8 9 10 11 12 13
  in
  let twice f x = f (f x) in
  begin
    print_int (add3 1 2 3); print_newline ();
    print_int (sum13 1 1 1 1 1 1 1 1 1 1 1 1 1); print_newline ();
    print_int (sum11 1 2 3 4 5 6 7 8 9 10 11); print_newline ();
    print_int (apply13 sum13); print_newline ();
    let partial = sum13 1 2 3 in
    print_int (partial 4 5 6 7 8 9 10 11 12 13); print_newline ();
    let fs = [ sum13 0; sum13 1 ] in
    List.iter (fun f -> print_int (f 1 1 1 1 1 1 1 1 1 1 1 1); print_string " ") fs;
    print_newline ();
    print_int (count13 100001 1 2 3 4 5 6 7 8 9 10 11 12); print_newline ();
    print_int (List.fold_left (fun acc x -> add3 acc x 1) 0 [ 1; 2; 3 ]); print_newline ();
    print_int (twice (add3 1 2) 10); print_newline ();
    print_float (List.fold_left fsum 0.5 [ 1.0; 2.0 ]); print_newline ();
    let k = ref 7 in
    let not_closed x = x + !k in
    k := 8;
    print_int (twice not_closed 1); print_newline ()
  end

let () = main ()
