let f x = print_string "f"; x +. 1.0
let g x = print_string "g"; x *. 2.0
let () = let r = f 1.0 +. g 2.0 in print_float r; print_newline ();
  let s = ref 0.0 in for i = 1 to 3 do s := !s +. f (float_of_int i) *. g 1.0 done; print_float !s; print_newline ()
