(* The standard library is also the module Stdlib: its values, types,
   exceptions and modules can be written with the prefix, in expressions,
   types, patterns and module paths, and the prefix reaches the library's
   names even where the program has shadowed them. *)

let print_string s = Stdlib.print_string ("<" ^ s ^ ">")

module List = struct
  let length _ = -1
end

let n = Stdlib.List.length [ 1; 2; 3 ]
let own = List.length [ 1; 2; 3 ]
let sum = Stdlib.( + ) n 10
let r : int Stdlib.ref = Stdlib.ref 0
let () = r := !r + n
let cell = { Stdlib.contents = 5 }
let read (c : int ref) = c.Stdlib.contents
let s : Stdlib.String.t = Stdlib.String.concat "," [ "a"; "b" ]
let ok : (int, string) Stdlib.result = Stdlib.Ok 3

let safe_find l =
  try Stdlib.List.assoc 4 l with Stdlib.Not_found -> 0

let classify = function
  | Stdlib.Exit -> "exit"
  | Stdlib.Failure m -> "failure " ^ m
  | _ -> "other"

module L = Stdlib.List
module S = Stdlib

let evens = L.filter (fun x -> x mod 2 = 0) [ 1; 2; 3; 4 ]
let m = S.max 3 4

let () =
  print_string "shadowed";
  Stdlib.print_newline ();
  Stdlib.Printf.printf "%d %d %d %d %d %s\n" n own sum !r (read cell) s;
  (match ok with Stdlib.Ok v -> Stdlib.print_int v | Stdlib.Error e -> Stdlib.print_string e);
  Stdlib.print_newline ();
  Stdlib.print_endline (classify Stdlib.Exit ^ ", " ^ classify (Stdlib.Failure "x"));
  Stdlib.Printf.printf "%d %d %d\n" (safe_find [ (1, 2) ]) (Stdlib.List.length evens) m
