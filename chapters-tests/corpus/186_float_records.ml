(* Records of floats, stored flat (tag 254), passed to and returned from
   functions and carried around loops. *)

type v = { x : float; y : float }

type mv = { mutable mx : float; my : float }

let[@inline never] norm { x; y } = sqrt ((x *. x) +. (y *. y))

let[@inline never] dot a b = (a.x *. b.x) +. (a.y *. b.y)

let[@inline never] mnorm r = r.mx +. r.my

let[@inline never] add a b = { x = a.x +. b.x; y = a.y +. b.y }

let rec walk n p = if n = 0 then p else walk (n - 1) { x = p.y *. 0.5; y = p.x +. 1.0 }

let () =
  let t = ref 0.0 in
  for i = 1 to 100 do
    let v = { x = float i; y = 1.0 } in
    t := !t +. norm v +. dot v { x = 0.5; y = 2.0 }
  done;
  Printf.printf "norm+dot: %.6f\n" !t;
  let m = { mx = 1.0; my = 2.0 } in
  let a = mnorm m in
  m.mx <- 5.0;
  let b = mnorm m in
  Printf.printf "mnorm: %.1f %.1f\n" a b;
  let s = ref { x = 0.0; y = 0.0 } in
  for i = 1 to 1000 do
    s := add !s { x = float i; y = 0.5 }
  done;
  Printf.printf "add: %.1f %.1f\n" !s.x !s.y;
  let w = walk 1000 { x = 1.0; y = 2.0 } in
  Printf.printf "walk: %.6f %.6f\n" w.x w.y;
  let fs = [| norm |] in
  Printf.printf "unknown: %.1f\n" (fs.(0) { x = 3.0; y = 4.0 })
