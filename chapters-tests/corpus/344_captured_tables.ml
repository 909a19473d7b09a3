(* Leaves that read a table captured from the top of the program, physical
   equality on an exception's constructor, and the general path behind
   them: out of bounds, another kind of array, an exception not matched. *)
exception Stop
exception Hit of int
let table = Array.init 64 (fun i -> (i * 37) land 63)
let floats = Array.init 8 (fun i -> float_of_int i /. 4.0)
let words = [| "a"; "b" |]

let probe v =
  try
    for i = 0 to Array.length table - 1 do
      if table.(i) = v then raise (Hit i)
    done;
    -1
  with Hit i -> i

let at i = try table.(i) + 1 with Invalid_argument m -> print_endline m; -1

let sort x =
  try
    if x land 3 = 0 then raise Stop;
    if table.(x land 63) > 40 then raise (Hit x);
    x
  with
  | Stop -> 0
  | Hit q -> -q

let () =
  let s = ref 0 in
  for v = 0 to 70 do s := !s + probe v done;
  Printf.printf "%d %d %d\n" !s (at 63) (at 64);
  let t = ref 0 in
  for x = 1 to 1000 do t := !t + sort x done;
  Printf.printf "%d %g %s\n" !t (floats.(3) +. float_of_int table.(5)) words.(1);
  Printf.printf "%b %b\n" (Stop == Stop) (words == words);
  (try ignore (sort (-1) + at (-1)) with Not_found -> print_endline "nf");
  try raise Not_found with Stop -> () | e -> print_endline (Printexc.to_string e)
