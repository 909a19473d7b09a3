(* Reads standard input to its end: the sum of the numbers on the lines
   that are numbers, and a count of the words of the other lines, printed
   in the order of the hash table. *)
let () =
  let sum = ref 0 in
  let lines = ref 0 in
  let words = Hashtbl.create 16 in
  (try
     while true do
       let line = input_line stdin in
       incr lines;
       match int_of_string_opt (String.trim line) with
       | Some n -> sum := !sum + n
       | None ->
           List.iter
             (fun w -> if w <> "" then Hashtbl.replace words w (1 + Option.value (Hashtbl.find_opt words w) ~default:0))
             (String.split_on_char ' ' line)
     done
   with End_of_file -> ());
  Printf.printf "%d lines, sum %d\n" !lines !sum;
  Hashtbl.iter (fun w n -> Printf.printf "%s %d\n" w n) words;
  (try ignore (input_line stdin) with End_of_file -> print_endline "still at the end");
  try ignore (read_int_opt ()) with End_of_file -> print_endline "read_int_opt: End_of_file"
