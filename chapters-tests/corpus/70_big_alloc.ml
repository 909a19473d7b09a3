(* large allocations: arrays of 10^6 elements, 1 MB strings, many medium arrays kept alive or dropped, float arrays, while the GC runs; contents verified *)
let () =
  let big = Array.make 1_000_000 1 in
  big.(999_999) <- 5;
  print_int (Array.fold_left ( + ) 0 big); print_newline ();
  let fbig = Array.init 500_000 (fun i -> float i *. 0.5) in
  print_float (Array.fold_left ( +. ) 0.0 fbig); print_newline ();
  let s = String.make 1_000_000 'z' in
  let s2 = s ^ "!" in
  print_int (String.length s2); print_char s2.[1_000_000]; print_char s2.[0]; print_newline ();
  let kept = ref [] in
  for i = 1 to 200 do
    let a = Array.make (1000 + i) i in
    if i mod 10 = 0 then kept := a :: !kept;
    let tmp = Array.make 5000 (string_of_int i) in
    ignore (Array.length tmp)
  done;
  print_int (List.length !kept); print_char ' ';
  print_int (List.fold_left (fun acc a -> acc + a.(0) + Array.length a) 0 !kept); print_newline ();
  let matrix = Array.init 300 (fun i -> Array.init 300 (fun j -> i * j)) in
  let tr = Array.init 300 (fun j -> Array.init 300 (fun i -> matrix.(i).(j))) in
  let ok = ref true in
  for i = 0 to 299 do for j = 0 to 299 do if tr.(i).(j) <> i * j then ok := false done done;
  print_string (if !ok then "transpose ok" else "transpose BAD"); print_newline ();
  let strings = Array.init 10000 (fun i -> String.make (i mod 50) (Char.chr (97 + i mod 26))) in
  let total = Array.fold_left (fun acc s -> acc + String.length s) 0 strings in
  print_int total; print_char ' '; print_string strings.(9999); print_newline ();
  let lists = Array.init 1000 (fun i -> List.init (i mod 100) (fun j -> j)) in
  print_int (Array.fold_left (fun acc l -> acc + List.length l) 0 lists); print_newline ();
  print_int big.(999_999); print_char ' '; print_float fbig.(499_999); print_char ' '; print_int (String.length s); print_newline ()
