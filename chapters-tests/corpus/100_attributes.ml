(* Attributes as OCaml spells them: the inlining ones change what the
   compiler does, never what the program prints; the others are ignored. *)
[@@@warning "-32"]

type shape = Circle of float [@name "c"] | Square of (float [@units "m"])
[@@deriving show]

type point = { x : int [@default 0]; y : int }

let[@inline] area = function
  | Circle r -> 3.0 *. r *. r
  | Square s -> s *. s

let[@inline never] twice x = 2 * x

let scale k = fun[@inline] p -> { x = k * p.x; y = k * p.y }

let norm1 p = abs p.x + abs p.y [@@inline always]

let rec sum_to n = if n = 0 then 0 else n + (sum_to [@unrolled 3]) (n - 1)

let[@ocaml.inline] id (x [@unused]) = x

let () =
  let shapes = [ Circle 1.0; Square 2.0 ] in
  List.iter (fun s -> print_float ((area [@inlined]) s); print_newline ()) shapes;
  print_int ((twice [@inlined never]) 21);
  print_newline ();
  let p = (scale [@inlined]) 3 { x = 1; y = -2 } in
  print_int (norm1 p + id 0);
  print_newline ();
  print_int ((sum_to [@inlined]) 100 [@foo]);
  print_newline ()
[@@bar]

let () = begin[@attr] print_string "done" end; print_newline ()
