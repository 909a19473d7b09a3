(* records: mutable fields of every kind (int, float-only flat records, strings, variants, lists), nested records and variants, aliasing, functional update order, records in arrays and closures *)
type shape = Circle of float | Rect of float * float | Group of shape list
type point = { mutable x : float; mutable y : float }
type item = { name : string; mutable qty : int; mutable tags : string list; mutable shape : shape; pos : point }
type counter = { mutable count : int; step : int; label : string }
type 'a cell = { mutable contents_ : 'a; mutable history : 'a list }

let rec area s = match s with
  | Circle r -> 3.0 *. r *. r
  | Rect (w, h) -> w *. h
  | Group l -> List.fold_left (fun acc s -> acc +. area s) 0.0 l

let show_item it =
  print_string it.name; print_char ' '; print_int it.qty; print_char ' ';
  print_string (String.concat "," it.tags); print_char ' ';
  print_float (area it.shape); print_char ' ';
  print_float it.pos.x; print_char ','; print_float it.pos.y; print_newline ()

let set c v = c.history <- c.contents_ :: c.history; c.contents_ <- v

let () =
  let p = { x = 1.0; y = 2.0 } in
  let it = { name = "box"; qty = 3; tags = ["a"]; shape = Rect (2.0, 3.0); pos = p } in
  show_item it;
  it.qty <- it.qty * 10; it.tags <- "b" :: it.tags; it.shape <- Group [it.shape; Circle 1.0];
  p.x <- p.x +. 0.5; p.y <- -. p.y;
  show_item it;
  let it2 = { it with name = "copy"; qty = 1 } in
  it2.tags <- []; it2.pos.x <- 100.0;
  show_item it; show_item it2;
  print_string (if it.pos == it2.pos then "shared pos" else "distinct pos"); print_newline ();
  let c = { count = 0; step = 3; label = "c" } in
  let bump () = c.count <- c.count + c.step; c.count in
  let a = bump () in let b = bump () in
  print_int a; print_char ' '; print_int b; print_char ' '; print_int c.count; print_newline ();
  let c2 = { c with count = 100 } in
  ignore (bump ());
  print_int c.count; print_char ' '; print_int c2.count; print_char ' '; print_string c2.label; print_newline ();
  let pts = Array.init 4 (fun i -> { x = float i; y = float (i * i) }) in
  Array.iter (fun q -> q.x <- q.x *. 2.0) pts;
  pts.(3).y <- 0.5;
  Array.iter (fun q -> print_float q.x; print_char '/'; print_float q.y; print_char ' ') pts; print_newline ();
  let sum = ref { x = 0.0; y = 0.0 } in
  Array.iter (fun q -> sum := { x = !sum.x +. q.x; y = !sum.y +. q.y }) pts;
  print_float !sum.x; print_char ' '; print_float !sum.y; print_newline ();
  let cell = { contents_ = "first"; history = [] } in
  set cell "second"; set cell "third";
  print_string cell.contents_; print_char ' '; print_string (String.concat "<" cell.history); print_newline ();
  let icell = { contents_ = 0; history = [] } in
  for i = 1 to 5 do set icell (icell.contents_ + i) done;
  print_int icell.contents_; print_char ' '; print_int (List.length icell.history); print_newline ();
  (* record patterns *)
  let describe { name; qty = q; shape = s; _ } =
    match s with
    | Group (Rect _ :: _) when q > 10 -> name ^ " big group"
    | Group _ -> name ^ " group"
    | Circle _ | Rect _ -> name ^ " simple" in
  print_endline (describe it); print_endline (describe it2);
  print_endline (describe { it2 with shape = Circle 2.0 });
  (* equality on records with mutable fields *)
  let q1 = { x = 1.0; y = 1.0 } and q2 = { x = 1.0; y = 1.0 } in
  print_string (if q1 = q2 then "eq " else "ne "); q2.y <- nan;
  print_string (if q1 = q2 then "eq " else "ne "); print_string (if q2 = q2 then "eq" else "ne"); print_newline ();
  print_int (compare { count = 1; step = 2; label = "a" } { count = 1; step = 2; label = "b" }); print_newline ()
