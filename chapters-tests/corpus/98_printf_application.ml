(* Printf: partial application, evaluation order, printers, ksprintf *)
let trace name v = print_string ("eval " ^ name ^ "\n"); v

let show_pair oc (a, b) = Printf.fprintf oc "(%d, %d)" a b
let pair_to_string () (a, b) = Printf.sprintf "<%d|%d>" a b

let () =
  (* arguments are evaluated right to left, before anything is printed *)
  Printf.printf "%d %s %d\n" (trace "a" 1) (trace "b" "two") (trace "c" 3);
  (* a partial application prints nothing until it has every argument *)
  let p = Printf.printf "partial %d %d\n" 10 in
  print_string "before\n";
  p 20;
  p 30;
  let q = Printf.printf "%s-%s\n" in
  List.iter (fun s -> q s s) ["x"; "y"];
  (* no conversion: printed at once *)
  Printf.printf "plain\n";
  Printf.printf "%a and %a\n" show_pair (1, 2) show_pair (3, 4);
  print_endline (Printf.sprintf "%a%t" pair_to_string (5, 6) (fun () -> "!"));
  (* ksprintf: the continuation gets the text *)
  let len = Printf.ksprintf String.length "%d-%d" 123 45 in
  Printf.printf "len=%d\n" len;
  let k = Printf.ksprintf (fun s -> fun suffix -> s ^ suffix) "<%s>" "in" in
  print_endline (k "out");
  (* widths and precisions from arguments, negative ones included *)
  for w = -6 to 6 do
    if w mod 3 = 0 then Printf.printf "[%*d][%-*s][%.*f]\n" w 42 w "ab" (abs w) 3.14159
  done;
  Printf.printf "[%*.*f][%0*d][%*s]\n" 10 3 2.5 6 (-42) (-5) "x";
  (* sprintf in a loop, and the buffer it builds *)
  let parts = List.map (fun i -> Printf.sprintf "%02x" (i * 37)) [1; 2; 3; 4; 5; 6; 7] in
  print_endline (String.concat ":" parts);
  (* eprintf and fprintf to both channels *)
  Printf.eprintf "warning: %s at %d\n" "here" 7;
  Printf.fprintf stderr "%s%!" "flushed\n";
  Printf.fprintf stdout "%d%%\n" 100;
  (* %! flushes; the text is the same *)
  Printf.printf "done%!\n"

(* sprintf calls its printers left to right *)
let () =
  let show () s = print_string ("show " ^ s ^ "\n"); s in
  print_endline (Printf.sprintf "%a|%a|%t|%s" show "one" show "two" (fun () -> show () "three") "four");
  print_endline (Printf.sprintf "%a%a" show "x" show "y")
