(* Float pairs returned in xmm0/xmm1: a loop that calls and destructures
   allocates nothing per iteration. *)

let[@inline never] rotate x y = (x +. 0.001 *. y, y -. 0.001 *. x)

type vec = { vx : float; vy : float }

let[@inline never] add a b = { vx = a.vx +. b.vx; vy = a.vy +. b.vy }

let[@inline never] polar r t = (r *. cos t, r *. sin t)

let () =
  let x = ref 1.0 and y = ref 0.0 in
  for _ = 1 to 100000 do
    let a, b = rotate !x !y in
    x := a;
    y := b
  done;
  Printf.printf "%.6f %.6f\n" !x !y;
  let v = ref { vx = 0.0; vy = 0.0 } in
  for i = 1 to 10 do
    v := add !v { vx = float i; vy = 1.0 }
  done;
  Printf.printf "%g %g\n" !v.vx !v.vy;
  let px, py = polar 2.0 0.5 in
  Printf.printf "%.6f %.6f\n" px py;
  let sum = ref 0.0 in
  for i = 1 to 100 do
    let a, b = polar (float i) (float i /. 10.0) in
    sum := !sum +. a -. b
  done;
  Printf.printf "%.6f\n" !sum
