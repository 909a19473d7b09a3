(* Functions returning tuples and records that their direct callers open:
   the workers return the fields in registers (chapter "Unboxing"). *)

let[@inline never] divmod a b = (a / b, a mod b)

type stats = { count : int; total : int; label : string }

let[@inline never] summary n label =
  let s = ref 0 in
  for i = 1 to n do
    s := !s + i
  done;
  { count = n; total = !s; label }

(* Mixed fields: an int, a float, a string. *)
let[@inline never] mixed n = (n * 2, float n /. 4.0, string_of_int n)

(* A triple of floats, each a box built for the tuple. *)
let[@inline never] cross (ax, ay, az) bx by bz =
  (ay *. bz -. az *. by, az *. bx -. ax *. bz, ax *. by -. ay *. bx)

let () =
  let s = ref 0 in
  for i = 1 to 1000 do
    let q, r = divmod (i * 37) 11 in
    s := !s + q - r
  done;
  print_int !s;
  print_newline ();
  let st = summary 100 "hundred" in
  Printf.printf "%s: %d %d\n" st.label st.count st.total;
  let a, b, c = mixed 7 in
  Printf.printf "%d %g %s\n" a b c;
  let x, y, z = cross (1.0, 2.0, 3.0) 4.0 5.0 6.0 in
  Printf.printf "%g %g %g\n" x y z;
  (* The result kept whole: the caller rebuilds the pair. *)
  let p = divmod 100 7 in
  let l = [ p; divmod 50 3 ] in
  List.iter (fun (q, r) -> Printf.printf "(%d, %d) " q r) l;
  print_newline ();
  (* Through a closure: the wrapper builds the block. *)
  let fs = [| divmod |] in
  let q, r = fs.(0) 17 5 in
  Printf.printf "%d %d\n" q r
