let shapes = [ Shapes.Circle 1.0; Shapes.Rect (2.0, 3.0); Shapes.Rect (1.0, 1.0) ]

let () =
  List.iter (fun s -> Printf.printf "%s: %g\n" (Report.describe s) (Shapes.area s)) shapes;
  Printf.printf "largest: %s\n" (Report.describe (Report.ByArea.of_list shapes));
  Printf.printf "count %d\n" !Shapes.count

let () =
  try ignore (Shapes.check (Shapes.Rect (0.0, 1.0)))
  with Shapes.Degenerate why -> Printf.printf "degenerate: %s\n" why

let () =
  try assert (List.length shapes = 2)
  with Assert_failure (file, line, col) -> Printf.printf "assert %s %d %d\n" file line col

let first = function [] -> 0 | [ x ] -> x [@@warning "-8"]

let () =
  try ignore (first [ 1; 2 ])
  with Match_failure (file, line, col) -> Printf.printf "match %s %d %d\n" file line col

let () = print_endline (Printexc.to_string (Shapes.Degenerate "x"))
let () = Shapes.check (Shapes.Circle 0.0) |> ignore
