(* polymorphic code over arrays and records that are float arrays at run time (generic array kind with a dynamic tag check), float-only records, floats through polymorphic containers and unknown calls *)
type vec = { x : float; y : float; z : float }
type mvec = { mutable mx : float; mutable my : float }

let swap a i j = let t = a.(i) in a.(i) <- a.(j); a.(j) <- t
let fill_with a v = for i = 0 to Array.length a - 1 do a.(i) <- v done
let rev_in_place a = let n = Array.length a in for i = 0 to n / 2 - 1 do swap a i (n - 1 - i) done
let make_pair_array v = Array.make 3 v
let first a = a.(0)
let id x = x
let apply f x = f x

let pf x = print_float x; print_char ' '
let nl () = print_newline ()

let () =
  let fa = [| 1.5; 2.5; 3.5; 4.5 |] in
  swap fa 0 3; Array.iter pf fa; nl ();
  rev_in_place fa; Array.iter pf fa; nl ();
  let ga = make_pair_array 0.25 in
  ga.(1) <- 7.0; Array.iter pf ga; pf (first ga); nl ();
  let sa = make_pair_array "s" in swap sa 0 1; sa.(0) <- "t"; Array.iter print_string sa; nl ();
  let ia = Array.init 5 id in rev_in_place ia; Array.iter (fun i -> print_int i) ia; nl ();
  let fb = Array.make 4 0.0 in fill_with fb (-1.25); Array.iter pf fb; nl ();
  let copy = Array.map id fa in copy.(0) <- 100.0; pf fa.(0); pf copy.(0); nl ();
  let ll = Array.to_list fa in List.iter pf (List.map (apply (fun x -> x *. 2.0)) ll); nl ();
  let fl = Array.of_list (List.map float [1; 2; 3]) in pf (Array.fold_left ( +. ) 0.0 fl); nl ();
  let v = { x = 1.0; y = 2.0; z = 3.0 } in
  let w = { v with y = 20.0 } in
  pf w.x; pf w.y; pf w.z; pf (id v).z; nl ();
  let vs = Array.init 3 (fun i -> { x = float i; y = 0.5; z = -. float i }) in
  Array.iter (fun v -> pf (v.x +. v.y +. v.z)) vs; nl ();
  let m = { mx = 0.0; my = 0.0 } in
  for i = 1 to 10 do m.mx <- m.mx +. float i; m.my <- m.my -. 0.5 done;
  pf m.mx; pf m.my; nl ();
  let pairs = List.map (fun f -> (f, f *. f)) [0.5; 1.5; -2.0] in
  List.iter (fun (a, b) -> pf a; pf b) pairs; nl ();
  let opts = [Some 1.0; None; Some nan] in
  List.iter (fun o -> match o with Some f -> pf f | None -> print_string "none ") opts; nl ();
  let nested = [| [| 1.0; 2.0 |]; [| 3.0 |]; [||] |] in
  Array.iter (fun a -> print_int (Array.length a); print_char ':'; Array.iter pf a) nested; nl ();
  let poly_sum get a = Array.fold_left (fun acc x -> acc +. get x) 0.0 a in
  pf (poly_sum id fa); pf (poly_sum (fun v -> v.x) vs); pf (poly_sum float [| 1; 2 |]); nl ();
  let sorted = Array.copy fa in Array.sort compare sorted; Array.iter pf sorted; nl ();
  let cmp_arrays = compare [| 1.0; 2.0 |] [| 1.0; 3.0 |] in print_int cmp_arrays; nl ();
  print_string (if v = { x = 1.0; y = 2.0; z = 3.0 } then "eq" else "ne"); nl ();
  let blit_src = [| 9.0; 8.0; 7.0 |] in Array.blit blit_src 0 fa 1 2; Array.iter pf fa; nl ();
  let sub = Array.sub fa 1 2 in Array.iter pf sub; nl ();
  Array.fill fa 0 2 0.125; Array.iter pf fa; nl ();
  let appended = Array.append [| 1.0 |] fa in print_int (Array.length appended); pf appended.(4); nl ()
